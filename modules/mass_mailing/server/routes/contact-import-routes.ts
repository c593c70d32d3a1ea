import { inject, injectable } from 'inversify';
import { array, number, object, string } from 'yup';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { ContactImport, IMPORT_LIMITS } from '../services/contact-import';
import { NEWSLETTER_GROUPS, NEWSLETTER_REFUSAL, requireNewsletterUser } from '../services/newsletter-access';

const listId = number().integer().positive().required();
// JSON escapes (quotes, line breaks) make the body a little bigger than the file.
const BODY_LIMIT = IMPORT_LIMITS.maxBytes + 1024 * 1024;

/**
 * CSV import of contacts into a list (back office, newsletter users): `check` reads the file and
 * reports, `batch` imports the checked lines a batch at a time, so the browser shows the progress.
 */
@injectable()
export class ContactImportRoutes implements RouteContribution {
  constructor(@inject(ContactImport) private readonly imports: ContactImport) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/mass_mailing/import/check', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL, maxUserBodyBytes: BODY_LIMIT,
        rateLimit: { name: 'mass_mailing.import_check', limit: 60, windowSeconds: 600 },
        // The byte limit is the service's (a clear message); this bound only keeps yup honest.
        params: object({ list_id: listId, file: string().required().max(BODY_LIMIT) }),
        handler: (req) => {
          requireNewsletterUser(req.env);
          return this.imports.check(req.env, req.params.list_id, req.params.file);
        },
      },
      {
        path: '/mass_mailing/import/batch', type: 'json', auth: 'user', groups: NEWSLETTER_GROUPS, refusal: NEWSLETTER_REFUSAL,
        rateLimit: { name: 'mass_mailing.import_batch', limit: 2000, windowSeconds: 600 },
        params: object({
          list_id: listId,
          rows: array().of(object({
            line: number().integer().min(1).required(),
            name: string().defined().max(1000),
            email: string().defined().max(1000),
          })).required().max(IMPORT_LIMITS.batch),
        }),
        handler: (req) => {
          requireNewsletterUser(req.env);
          return this.imports.importRows(req.env, req.params.list_id, req.params.rows as Array<{ line: number; name: string; email: string }>);
        },
      },
    ];
  }
}
