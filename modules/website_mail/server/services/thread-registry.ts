import { injectable } from 'inversify';
import { type ContributionProvider, injectContributions, MissingError, ValidationError } from '@platform/core';
import type { Site } from '@platform/http';
import type { Env } from '@platform/orm';
import { MailThreadContribution, type ThreadOptions } from './thread-options';

/** Which models take part in followers/comments on a site, and the visibility check they share. */
@injectable()
export class ThreadRegistry {
  constructor(@injectContributions(MailThreadContribution) private readonly threads: ContributionProvider<MailThreadContribution>) {}

  optionsFor(site: Site, model: string): ThreadOptions | undefined {
    return this.threads
      .getContributionsFor((m) => site.modules.has(m))
      .flatMap((c) => c.threads())
      .find((t) => t.model === model);
  }

  /** A model's options whatever the site (for work done outside a request, e.g. sending mails). */
  optionsForModel(model: string): ThreadOptions | undefined {
    return this.threads.getContributions().flatMap((c) => c.threads()).find((t) => t.model === model);
  }

  /** The options of a model that allows `what`, or a ValidationError naming the model. */
  require(site: Site, model: string, what: 'follow' | 'comments'): ThreadOptions {
    const opts = this.optionsFor(site, model);
    if (!opts || !opts[what]) throw new ValidationError(`Records of '${model}' cannot be ${what === 'follow' ? 'followed' : 'commented'}.`);
    return opts;
  }

  /** Star ratings are on for this record (its model's rating field is set); read as superuser. */
  async ratingEnabled(env: Env, opts: ThreadOptions, id: number): Promise<boolean> {
    if (!opts.ratingField) return false;
    const [row] = await env.sudo().model(opts.model).read([id], [opts.ratingField]);
    return Boolean(row?.[opts.ratingField]);
  }

  /** The record must exist and be readable by the caller (record rules: visitors see published ones only). */
  async assertVisible(env: Env, model: string, id: number): Promise<void> {
    const found = await env.model(model).search_count([['id', '=', id]]);
    if (!found) throw new MissingError('This record does not exist or is not visible to you.');
  }
}
