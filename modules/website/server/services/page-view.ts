import { createElement, Fragment } from 'react';
import { inject, injectable } from 'inversify';
import { LanguageCatalog, type RequestContext } from '@platform/http';
import { localizedPath } from '@platform/common';
import { type Page, TranslationCatalog } from '@platform/web';
import { BLOCK_CATALOG, DYNAMIC_BLOCK_ATTRIBUTE } from '../../web/blocks/block-catalog';
import type { PageEditorProps } from '../../web/islands/page-editor';
import type { TranslationEditorProps } from '../../web/islands/translation-editor';
import { PageTranslations } from './page-translations';
import { contentPage } from '../../web/pages/content-page';
import { DynamicBlockRenderer } from './dynamic-block-renderer';
import { SiteTheme } from './site-theme';
import { RecordWidgets } from './record-widgets';
import { SITE_PAGES } from './site-pages';
import { DESIGNER_GROUP, PUBLISHER_GROUP } from '../routes/publish-routes';


const PAGE_FIELDS = ['name', 'url', 'content', 'website_published', 'website_meta_title', 'website_meta_description', 'website_id'];
type PageRow = Record<string, unknown>;

/** `?enable_editor=1` (edit) or `?edit_translations=1` (the spec's translation editor) asks for edit mode. */
export function wantsEditMode(req: RequestContext): boolean {
  return req.params.enable_editor === '1' || req.params.edit_translations === '1';
}

/**
 * A website page as a visitor, a publisher or a publisher in edit mode sees it. Edit mode is for
 * publishers only (anyone else asking gets the page as usual); it loads the editor island, the only
 * page that ships the editor's code. On a page in another language than the site's default, edit
 * mode edits that language's values.
 */
@injectable()
export class PageView {
  constructor(
    @inject(RecordWidgets) private readonly widgets: RecordWidgets,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(DynamicBlockRenderer) private readonly dynamicBlocks: DynamicBlockRenderer,
    @inject(PageTranslations) private readonly pageTranslations: PageTranslations,
    @inject(SiteTheme) private readonly theme: SiteTheme,
  ) {}

  /** The page at `url` on the request's site, if the caller may read it (rules hide drafts from visitors). */
  async find(req: RequestContext, url: string): Promise<PageRow | undefined> {
    const rows = await req.env.model('website.page').search_read(['&', ['url', '=', url], ...SITE_PAGES(req.site.id)], PAGE_FIELDS, { limit: 2, order: 'id' });
    // A site's own page wins over the one every site shares (the home page of data, say).
    return rows.find((r) => r.website_id) ?? rows[0];
  }

  async render(req: RequestContext, p: PageRow): Promise<Page> {
    const id = Number(p.id);
    const isPublisher = req.env.hasGroup(PUBLISHER_GROUP);
    const language = await this.languages.find(req.lang);
    const translating = req.lang !== req.site.defaultLang;
    const prefix = translating ? language?.urlCode ?? null : null;
    const viewUrl = localizedPath(String(p.url), prefix);
    const arch = p.content ? String(p.content) : '';
    const base = {
      id, name: String(p.name), content: arch,
      published: Boolean(p.website_published), canPublish: isPublisher,
      seoTitle: p.website_meta_title ? String(p.website_meta_title) : undefined,
      seoDescription: p.website_meta_description ? String(p.website_meta_description) : undefined,
      showTitle: p.url !== '/',
    };
    if (isPublisher && wantsEditMode(req)) {
      if (translating) {
        // The translation editor edits the terms of the one layout in this language, not a copy of it.
        return contentPage({ ...base, translationEditor: await this.translationEditorProps(req, p, viewUrl, language?.name ?? req.lang) });
      }
      // Blocks set up by islands of their modules (the Form block): those islands sit next to the editor.
      const options = await Promise.all(this.dynamicBlocks.available(req).map((b) => b.editorOptions?.(req) ?? null));
      return contentPage({ ...base, editor: await this.editorProps(req, p, viewUrl, language?.name ?? req.lang), children: options.filter(Boolean).map((node, i) => createElement(Fragment, { key: i }, node)) });
    }
    // Follow, comments and sharing belong under an article, not under the home page's blocks.
    const extras = p.url === '/' ? null : await this.widgets.render(req, { model: 'website.page', id });
    // Terms not translated yet show in the main language.
    const content = translating ? await this.pageTranslations.render(req.env, id, arch, req.lang) : arch;
    const untranslated = isPublisher && translating ? (await this.pageTranslations.untranslated(req.env, id, arch, [req.lang]))[0]?.count : undefined;
    return contentPage({
      ...base, content: await this.dynamicBlocks.render(req, content), children: extras,
      editLinks: isPublisher ? { url: `${viewUrl}?${translating ? 'edit_translations' : 'enable_editor'}=1`, translating, untranslated } : undefined,
    });
  }

  private async translationEditorProps(req: RequestContext, p: PageRow, viewUrl: string, langName: string): Promise<TranslationEditorProps> {
    const id = Number(p.id);
    const terms = await this.pageTranslations.terms(req.env, id, p.content ? String(p.content) : '', req.lang);
    const defaultLanguage = await this.languages.find(req.site.defaultLang);
    return {
      page: { id, name: String(p.name), url: String(p.url) },
      lang: req.lang, langName, mainLangName: defaultLanguage?.name ?? req.site.defaultLang, viewUrl, terms,
    };
  }

  private async editorProps(req: RequestContext, p: PageRow, viewUrl: string, langName: string): Promise<PageEditorProps> {
    const t = (source: string) => this.translations.translate(req.site.modules, req.lang, source);
    const menus = await req.env.model('website.menu').search_read(
      ['&', ['parent_id', '=', false], '|', ['website_id', '=', false], ['website_id', '=', req.site.id]], ['name', 'page_id'], { order: 'sequence, id' },
    );
    // Dynamic blocks of modules disabled on the site are not offered.
    const available = this.dynamicBlocks.available(req);
    const dynamic = new Set(available.map((b) => b.id));
    const blocks: PageEditorProps['blocks'] = BLOCK_CATALOG.filter((b) => b.category !== 'dynamic' || dynamic.has(b.id)).map((b) => ({ id: b.id, name: t(b.name), category: b.category, html: b.html(t) }));
    // Other modules' insertable blocks (a Form) come after the theme's.
    for (const b of available.filter((c) => c.insertable && !blocks.some((known) => known.id === c.id))) {
      blocks.push({ id: b.id, name: t(b.name), category: 'dynamic', html: `<section ${DYNAMIC_BLOCK_ATTRIBUTE}="${b.id}"></section>`, configurable: Boolean(b.editorOptions) });
    }
    const dynamicLabels = Object.fromEntries(blocks.filter((b) => b.html.includes(DYNAMIC_BLOCK_ATTRIBUTE)).map((b) => {
      const match = new RegExp(`${DYNAMIC_BLOCK_ATTRIBUTE}="([^"]+)"`).exec(b.html);
      return [match ? match[1] : b.id, b.name];
    }));
    return {
      page: {
        id: Number(p.id), name: String(p.name), url: String(p.url), published: Boolean(p.website_published),
        seoTitle: p.website_meta_title ? String(p.website_meta_title) : '',
        seoDescription: p.website_meta_description ? String(p.website_meta_description) : '',
        inMenu: menus.some((m) => Array.isArray(m.page_id) && m.page_id[0] === Number(p.id)),
      },
      content: p.content ? String(p.content) : '',
      canDelete: req.env.hasGroup(DESIGNER_GROUP),
      // Designers see the page's history and set the site's theme.
      theme: req.env.hasGroup(DESIGNER_GROUP) ? await this.theme.values(req.site.id) : null,
      lang: req.lang, langName, translating: req.lang !== req.site.defaultLang,
      viewUrl, blocks, dynamicLabels,
      // What an edit of the layout leaves to translate, so the main language's editor says so.
      untranslated: (await this.pageTranslations.untranslated(req.env, Number(p.id), p.content ? String(p.content) : '', req.site.langs.filter((l) => l !== req.site.defaultLang))).filter((c) => c.count > 0).map(({ langName, count }) => ({ langName, count })),
      menu: menus.map((m) => ({ id: Number(m.id), name: String(m.name) })),
    };
  }
}
