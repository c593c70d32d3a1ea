import { inject, injectable } from 'inversify';
import { UserError, ValidationError } from '@platform/core/errors';
import { resolveXmlid } from '@platform/orm/data-loader';
import { EnvFactory } from '@platform/orm/env-factory';
import { SiteService } from '@platform/http/site-service';

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Creating a site as the back office does: the record (with the public user every site needs), its
 * language, and every installed module enabled, like `site create` on the command line.
 */
@injectable()
export class SiteAdmin {
  constructor(@inject(EnvFactory) private readonly envs: EnvFactory, @inject(SiteService) private readonly sites: SiteService) {}

  async create(input: { name: string; domain?: string; lang: string }, installed: ReadonlySet<string>): Promise<{ id: number; enabled: string[] }> {
    const name = input.name.trim();
    if (!name) throw new ValidationError('A site needs a name');
    const domain = input.domain?.trim().toLowerCase() || false;
    if (domain && !HOST.test(domain)) throw new ValidationError(`'${input.domain}' is not a host name (e.g. www.example.com, without scheme or port)`);
    const id = await this.envs.superuser().transaction(async (env) => {
      const [langId] = await env.model('res.lang').search([['code', '=', input.lang]], { limit: 1 });
      if (!langId) throw new UserError(`Unknown language '${input.lang}'`);
      if (domain && (await env.db('website').whereRaw('lower(domain) = ?', [domain]).first())) throw new UserError(`Another website already uses the domain '${domain}'`);
      return env.model('website').create({ name, domain, default_lang_id: langId, language_ids: [[6, 0, [langId]]], user_id: await resolveXmlid(env, 'base.public_user') });
    });
    this.sites.invalidate();
    const enabled = await this.sites.enable(id, [...installed].filter((n) => n !== 'base'), installed);
    return { id, enabled };
  }
}
