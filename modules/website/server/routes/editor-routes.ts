import { inject, injectable } from 'inversify';
import { array, boolean, number, object, string } from 'yup';
import { AttachmentStore } from '@platform/base';
import { AccessError, MissingError, ValidationError } from '@platform/core';
import { type RequestContext, route, type RouteContribution, type RouteDefinition } from '@platform/http';
import type { Env } from '@platform/orm';
import { MAX_PAGE_URL, PageUrls } from '../services/page-urls';
import { DESIGNER_GROUP, PUBLISHER_GROUP } from './publish-routes';

const EDITOR_REFUSAL = 'Only website publishers can edit pages. Ask a website publisher.';
const DELETE_REFUSAL = 'Only website designers can delete pages.';
import { SITE_PAGES } from '../services/site-pages';
import { PageTranslations } from '../services/page-translations';
import { PageHistory } from '../services/page-history';

const MAX_TERMS = 2000;
import { pageRedirects } from '../services/page-redirects';

/** Base64 of 11 MB: a file a little over the 10 MB limit still gets the store's clear "too large". */
const MAX_BASE64 = Math.ceil((11 * 1024 * 1024) / 3) * 4 + 4;
const MAX_CONTENT = 900_000;

interface PropertiesParams {
  id: number; lang: string; name: string; url: string; seo_title?: string; seo_description?: string; in_menu: boolean; published: boolean; redirect_old?: boolean;
}

/**
 * What the page editor calls: save the content (in the language edited), page properties, new
 * pages, the menu order and image uploads. Publishers only (checked here, and the writes still go
 * through the models' access rights and record rules); saved HTML is sanitised by the html field.
 */
@injectable()
export class EditorRoutes implements RouteContribution {
  constructor(
    @inject(PageUrls) private readonly urls: PageUrls,
    @inject(AttachmentStore) private readonly attachments: AttachmentStore,
    @inject(PageTranslations) private readonly translations: PageTranslations,
    @inject(PageHistory) private readonly history: PageHistory,
  ) {}

  routes(): RouteDefinition[] {
    const lang = string().required().max(16);
    return [
      route({
        path: '/website/page/save', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL,
        params: object({ id: number().integer().positive().required(), lang, content: string().defined().max(MAX_CONTENT) }),
        handler: async (req) => {
          const { id, content } = req.params;
          const env = this.publisherEnv(req);
          // The layout is one for every language: other languages translate its texts (/website/page/translate).
          if (req.params.lang !== req.site.defaultLang) throw new ValidationError('In another language than the main one, translate the page\'s texts instead of editing its layout.');
          return env.transaction(async (tx) => {
            await tx.model('website.page').write([id], { content });
            // The page's history keeps what was stored (sanitised), the last 20 saves.
            await this.history.record(tx, id);
            const [saved] = await tx.model('website.page').read([id], ['content']);
            return { content: saved.content || '' };
          });
        },
      }),
      route({
        // The translation editor: translations of the layout's terms in one language other than the main one.
        path: '/website/page/translate', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL,
        params: object({
          id: number().integer().positive().required(), lang,
          translations: array(object({ source: string().required().max(MAX_CONTENT), value: string().defined().max(MAX_CONTENT) })).required().max(MAX_TERMS),
        }),
        handler: async (req) => {
          const { id, lang: target, translations } = req.params;
          const env = this.publisherEnv(req);
          if (target === req.site.defaultLang) throw new ValidationError('The main language is the layout itself: edit the page instead.');
          // Read with the publisher's rights: a page they may not see is a MissingError/AccessError.
          const [page] = await env.model('website.page').read([id], ['content']);
          if (!page) throw new MissingError('This page does not exist any more.');
          const arch = page.content ? String(page.content) : '';
          const saved = await this.translations.save(env, id, arch, target, translations.map((t) => ({ source: t.source, value: t.value })));
          const [left] = await this.translations.untranslated(env, id, arch, [target]);
          return { saved, untranslated: left.count };
        },
      }),
      route({
        path: '/website/page/properties', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL,
        params: object({
          id: number().integer().positive().required(), lang, name: string().required().max(256), url: string().required().max(MAX_PAGE_URL),
          seo_title: string().max(256), seo_description: string().max(1000), in_menu: boolean().required(), published: boolean().required(),
          // A new URL: visitors (and search engines) of the old one are sent on with a 301 unless unticked.
          redirect_old: boolean(),
        }),
        handler: async (req) => {
          const p = req.params;
          const env = this.publisherEnv(req);
          return env.transaction(async (tx) => {
            const [before] = await tx.model('website.page').read([p.id], ['url', 'website_id']);
            await tx.model('website.page').write([p.id], {
              name: p.name.trim(), url: p.url.trim(), website_meta_title: p.seo_title?.trim() || false,
              website_meta_description: p.seo_description?.trim() || false, website_published: p.published,
            });
            await this.setMenuEntry(tx, req, p.id, p.name.trim(), p.in_menu);
            const [page] = await tx.model('website.page').read([p.id], ['url']);
            if (page.url !== before.url) {
              const siteId = Array.isArray(before.website_id) ? Number(before.website_id[0]) : null;
              await pageRedirects.pageMoved(tx, siteId, String(before.url), String(page.url), p.redirect_old !== false);
            }
            return { url: String(page.url) };
          });
        },
      }),
      route({
        path: '/website/page/create', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL,
        params: object({ name: string().required().max(256), url: string().max(MAX_PAGE_URL), lang, in_menu: boolean() }),
        handler: async (req) => {
          const { name, url, in_menu } = req.params;
          const title = name.trim();
          if (!title) throw new ValidationError('Give the page a title.');
          const env = this.publisherEnv(req);
          return env.transaction(async (tx) => {
            const pageUrl = url?.trim() || await this.urls.propose(tx, title, req.site.id);
            const id = await tx.model('website.page').create({ name: title, url: pageUrl, website_id: req.site.id, content: '', website_published: false });
            await pageRedirects.urlTaken(tx, req.site.id, pageUrl);
            if (in_menu) await this.setMenuEntry(tx, req, id, title, true);
            return { id, url: pageUrl };
          });
        },
      }),
      route({
        // Deleting is the designers' (the model's access rights say so too).
        path: '/website/page/delete', type: 'json', auth: 'user', groups: [DESIGNER_GROUP], refusal: DELETE_REFUSAL,
        params: object({ id: number().integer().positive().required() }),
        handler: async (req) => {
          const { id } = req.params;
          if (!req.env.hasGroup(DESIGNER_GROUP)) throw new AccessError(DELETE_REFUSAL);
          await req.env.model('website.page').unlink([id]);
          return true;
        },
      }),
      route({
        path: '/website/menu/reorder', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL,
        params: object({ ids: array(number().integer().positive().required()).required().max(200) }),
        handler: async (req) => {
          const { ids } = req.params;
          const env = this.publisherEnv(req);
          const ofSite = await env.model('website.menu').search(['&', ['id', 'in', ids], ...SITE_PAGES(req.site.id)]);
          if (ofSite.length !== new Set(ids).size) throw new ValidationError('Some of these menu entries do not exist on this site.');
          await env.transaction(async (tx) => {
            for (const [i, id] of ids.entries()) await tx.model('website.menu').write([id], { sequence: (i + 1) * 10 });
          });
          return true;
        },
      }),
      route({
        path: '/website/image/upload', type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL, maxUserBodyBytes: MAX_BASE64 + 64 * 1024,
        rateLimit: { name: 'website.image_upload', limit: 60, windowSeconds: 600 },
        params: object({
          name: string().required().max(256), data: string().required().max(MAX_BASE64),
          res_model: string().oneOf(['website.page']), res_id: number().integer().positive(),
        }),
        handler: async (req) => {
          const { name, data, res_model, res_id } = req.params;
          const env = this.publisherEnv(req);
          if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new ValidationError('The image must be sent as base64.');
          if (res_model && res_id) await env.model(res_model).read([res_id], ['id']);
          const stored = await this.attachments.storeImage(env, {
            name, bytes: Buffer.from(data, 'base64'), resModel: res_model, resId: res_id, public: true, websiteId: req.site.id,
          });
          return { id: stored.id, name: stored.name, mimetype: stored.mimetype, src: `/web/image/ir.attachment/${stored.id}/datas` };
        },
      }),
    ];
  }

  /** The caller's environment in the language being edited, once they are known to be a publisher. */
  private publisherEnv(req: RequestContext): Env {
    if (!req.env.hasGroup(PUBLISHER_GROUP)) throw new AccessError(EDITOR_REFUSAL);
    const lang = typeof req.params.lang === 'string' ? req.params.lang : undefined;
    if (lang === undefined) return req.env;
    if (!req.site.langs.includes(lang)) throw new ValidationError(`The language '${lang}' is not available on this site.`);
    return req.env.withLang(lang);
  }

  /** The page's entry in the site menu: added at the end, renamed, or removed. */
  private async setMenuEntry(env: Env, req: RequestContext, pageId: number, name: string, wanted: boolean): Promise<void> {
    const menus = env.model('website.menu');
    // The entry this site shows: its own, or a shared one (as the menu and the page properties read it).
    const existing = await menus.search(['&', ['page_id', '=', pageId], ...SITE_PAGES(req.site.id)]);
    if (!wanted) {
      if (existing.length) await menus.unlink(existing);
      return;
    }
    if (existing.length) {
      await menus.write(existing, { name });
      return;
    }
    const [last] = await menus.search_read(SITE_PAGES(req.site.id), ['sequence'], { order: 'sequence desc', limit: 1 });
    await menus.create({ name, page_id: pageId, website_id: req.site.id, sequence: (Number(last?.sequence) || 0) + 10 });
  }
}
