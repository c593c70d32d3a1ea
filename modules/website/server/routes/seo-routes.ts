import { inject, injectable } from 'inversify';
import { array, object, string } from 'yup';
import { SitemapContribution } from '../services/sitemap-contribution';
import { LanguageCatalog, type RouteContribution, type RouteDefinition, UserDirectory } from '@platform/http';
import { type ContributionProvider, injectContributions, MissingError } from '@platform/core';
import { SiteUrls } from '@platform/base';
import { EnvFactory } from '@platform/orm';
import { localizedPath } from '@platform/common';

/** The original platform's limit per sitemap file. */
const LOC_PER_SITEMAP = 45000;

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemap.xml (what the public may see, per language), robots.txt and multi_render. */
@injectable()
export class SeoRoutes implements RouteContribution {
  constructor(
    @injectContributions(SitemapContribution) private readonly sitemaps: ContributionProvider<SitemapContribution>,
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(UserDirectory) private readonly users: UserDirectory,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/sitemap.xml', type: 'http', auth: 'public',
        handler: async (req) => {
          // Listed as the public sees the site, whoever asks: an editor's drafts never leak into it.
          const publicUser = (await this.users.get(req.site.publicUserId))!;
          const env = this.envs.forUser(publicUser, req.site.id, req.site.defaultLang);
          const contributions = this.sitemaps.getContributionsFor((m) => req.site.modules.has(m));
          const paths = ['/', ...(await Promise.all(contributions.map((c) => c.sitemapUrls(env)))).flat()];
          const langs = (await this.languages.all()).filter((l) => req.site.langs.includes(l.code));
          const origin = await this.urls.forRequest(req);
          const locs = langs.flatMap((l) => paths.map((p) => origin + localizedPath(p, l.code === req.site.defaultLang ? null : l.urlCode)));
          req.reply.send([
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
            ...[...new Set(locs)].slice(0, LOC_PER_SITEMAP).map((loc) => `  <url><loc>${xmlEscape(loc)}</loc></url>`),
            '</urlset>',
            '',
          ].join('\n'), 'application/xml; charset=utf-8');
        },
      },
      {
        path: '/robots.txt', type: 'http', auth: 'none',
        handler: async (req) => {
          // The Sitemap line needs an absolute URL: left out while the site has no trusted address.
          const origin = await this.urls.forRequest(req);
          req.reply.send(`User-agent: *\nDisallow: /web/\nDisallow: /my/\n${origin ? `Sitemap: ${origin}/sitemap.xml\n` : ''}`, 'text/plain; charset=utf-8');
        },
      },
      {
        // ids or external ids of website pages -> their HTML, read with the caller's rights.
        path: '/website/multi_render', type: 'json', auth: 'public',
        params: object({ ids_or_xml_ids: array().of(string().max(128).required()).required().max(50), values: object().meta({ bounded: 'not read' }) }),
        handler: async (req) => {
          const wanted = req.params.ids_or_xml_ids as string[];
          const result: Record<string, string> = {};
          const pages = req.env.model('website.page');
          for (const key of wanted) {
            const id = /^\d+$/.test(key) ? Number(key) : await this.pageIdOf(key);
            if (!id) throw new MissingError(`No page '${key}'.`);
            const [row] = await pages.search_read([['id', '=', id]], ['content'], { limit: 1 });
            if (!row) throw new MissingError(`No page '${key}'.`);
            result[key] = String(row.content ?? '');
          }
          return result;
        },
      },
    ];
  }

  /** `website.page_about` -> id, only when that external id names a website page. */
  private async pageIdOf(xmlid: string): Promise<number | null> {
    const dot = xmlid.indexOf('.');
    if (dot <= 0) return null;
    const row = await this.envs.superuser().db('ir_model_data').where({ module: xmlid.slice(0, dot), name: xmlid.slice(dot + 1), model: 'website.page' }).first();
    return row ? Number(row.res_id) : null;
  }
}
