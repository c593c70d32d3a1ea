import { injectable } from 'inversify';
import { ADMIN_GROUP } from '@platform/orm';
import path from 'node:path';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { LEAD_MODEL } from '../models/website-form-lead';
import { FORM_BLOCK_MODEL } from '../models/website-form-block';
import { FORM_MODEL_MODEL } from '../models/website-form-model';
import { FILE_MODELS } from '../routes/attachment-routes';

/** The Forms app: contact requests for internal users; the whitelist and the page forms for administrators. */
@injectable()
export class WebsiteFormBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'website_form.app', name: 'Forms', sequence: 60 },
      { id: 'website_form.leads', parent: 'website_form.app', name: 'Contact requests', sequence: 10, action: { model: LEAD_MODEL, columns: ['create_date', 'name', 'email', 'subject', 'state'] } },
      { id: 'website_form.models', parent: 'website_form.app', name: 'Models open to forms', sequence: 30, groups: [ADMIN_GROUP], action: { model: FORM_MODEL_MODEL, columns: ['label', 'model', 'enabled', 'default_field'] } },
      { id: 'website_form.blocks', parent: 'website_form.app', name: 'Forms on pages', sequence: 40, groups: [ADMIN_GROUP], action: { model: FORM_BLOCK_MODEL, columns: ['name', 'key', 'form_model_id', 'success_page'] } },
    ];
  }

  /** The forms of the records forms create (contact requests, contacts): the generic one, with the files sent listed under it (download links). */
  backofficeViews(): BackofficeView[] {
    const file = path.join(__dirname, '..', '..', 'web', 'backoffice', 'record-files-form.tsx');
    return FILE_MODELS.map((model) => ({ target: { model, view: 'form' as const }, file }));
  }
}
