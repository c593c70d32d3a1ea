import { inject, injectable } from 'inversify';
import { ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import { LanguageCatalog, SiteService } from '@platform/http';
import { extractTerms, translateArch } from './page-terms';

export const TERM_MODEL = 'website.page.term';

/** One term of a page as the translation editor shows it. */
export interface PageTerm {
  source: string;
  /** The translation, or '' while there is none. */
  value: string;
}

/** What is left to translate on a page in one language. */
export interface UntranslatedCount {
  lang: string;
  langName: string;
  count: number;
  total: number;
}

/**
 * Translations of pages by term: the layout (`website.page.content`) is one, its terms are translated
 * per language in `website.page.term` records. Reads run as superuser once the caller has read the
 * page itself with their own rights (a visitor sees the terms of a page they may see); writes run with
 * the caller's rights (publishers).
 */
@injectable()
export class PageTranslations {
  constructor(
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(SiteService) private readonly sites: SiteService,
  ) {}

  /** The languages a page is translated into: those of its site (of every site for a shared page) but the main one. */
  async targetLangs(websiteId: number | null): Promise<string[]> {
    const sites = websiteId ? [await this.sites.get(websiteId)] : await this.sites.all();
    return [...new Set(sites.flatMap((s) => s.langs.filter((l) => l !== s.defaultLang)))];
  }

  /** `translation_status` of website.page, for the back office's list: "French: 2 / 5" (left / terms) per language, or false. */
  async status(env: Env, record: Record<string, unknown>): Promise<string | false> {
    const row: { content: string | null; website_id: number | null } | undefined = await env.db('website_page').where({ id: Number(record.id) }).first('content', 'website_id');
    if (!row?.content) return false;
    const counts = await this.untranslated(env, Number(record.id), row.content, await this.targetLangs(row.website_id));
    return counts.filter((c) => c.count > 0).map((c) => `${c.langName}: ${c.count} / ${c.total}`).join(', ') || false;
  }

  /** Source term -> translation, for a page in one language. */
  async translations(env: Env, pageId: number, lang: string): Promise<Map<string, string>> {
    const rows: Array<{ source: string; value: string }> = await env.db('website_page_term').where({ page_id: pageId, lang }).select('source', 'value');
    return new Map(rows.map((r) => [r.source, r.value]));
  }

  /** The page's arch in `lang`: its translated terms replaced, the others in the main language. */
  async render(env: Env, pageId: number, arch: string, lang: string): Promise<string> {
    if (!arch) return arch;
    return translateArch(arch, await this.translations(env, pageId, lang));
  }

  /** Every term of the arch with its translation in `lang` ('' when untranslated). */
  async terms(env: Env, pageId: number, arch: string, lang: string): Promise<PageTerm[]> {
    const done = await this.translations(env, pageId, lang);
    return extractTerms(arch).map((source) => ({ source, value: done.get(source) ?? '' }));
  }

  /** Terms left to translate on a page, per language other than the main one. */
  async untranslated(env: Env, pageId: number, arch: string, langs: string[]): Promise<UntranslatedCount[]> {
    const terms = extractTerms(arch);
    const all = await this.languages.all();
    const out: UntranslatedCount[] = [];
    for (const lang of langs) {
      const done = await this.translations(env, pageId, lang);
      out.push({ lang, langName: all.find((l) => l.code === lang)?.name ?? lang, count: terms.filter((t) => !done.has(t)).length, total: terms.length });
    }
    return out;
  }

  /**
   * Saves translations of a page's terms in one language (an empty value removes the translation).
   * Each source must be a term of the page's current layout: a stale editor (the layout changed
   * meanwhile) gets a clear error and nothing is written. Translations are cleaned as html.
   */
  async save(env: Env, pageId: number, arch: string, lang: string, entries: PageTerm[]): Promise<number> {
    const terms = new Set(extractTerms(arch));
    const stale = entries.find((e) => !terms.has(e.source));
    if (stale) throw new ValidationError('The page changed since you opened it: reload the page to translate its current texts.');
    return env.transaction(async (tx) => {
      const model = tx.model(TERM_MODEL);
      const existing = await model.search_read([['page_id', '=', pageId], ['lang', '=', lang]], ['source']);
      const bySource = new Map(existing.map((r) => [String(r.source), Number(r.id)]));
      let saved = 0;
      for (const { source, value } of entries) {
        const id = bySource.get(source);
        const text = value.trim();
        if (!text) {
          if (id) await model.unlink([id]);
          continue;
        }
        if (id) await model.write([id], { value: text });
        else await model.create({ page_id: pageId, lang, source, value: text });
        saved++;
      }
      return saved;
    });
  }
}
