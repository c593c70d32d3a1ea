import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';
import { pairTerms } from '../server/services/page-terms';

/**
 * A page's layout becomes one (`website_page.content` holds one arch instead of one copy per
 * language) and its texts are translated by term (`website_page_term`). Existing copies are turned
 * into term translations: the English copy (else the first) is the layout, and another language's
 * copy gives a translation for each term at the same position when both have as many terms; a copy
 * that cannot be matched is logged and dropped from the layout (its language shows the main text).
 */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_page_term', (t) => {
    t.integer('page_id').notNullable().references('id').inTable('website_page').onDelete('CASCADE');
    t.string('lang', 16).notNullable();
    t.text('source').notNullable();
    t.text('value').notNullable();
    t.index(['page_id', 'lang']);
  });
  await splitPageCopies(knex);
}

/** Turns pages stored as one copy per language into one layout and term translations (exported for its test). */
export async function splitPageCopies(knex: Knex): Promise<void> {
  const pages: Array<{ id: number; content: string | null }> = await knex('website_page').select('id', 'content');
  for (const page of pages) {
    const copies = parseCopies(page.content);
    if (!copies) continue;
    const sourceLang = 'en_US' in copies ? 'en_US' : Object.keys(copies)[0];
    const arch = copies[sourceLang] ?? '';
    await knex('website_page').where({ id: page.id }).update({ content: arch });
    for (const [lang, copy] of Object.entries(copies)) {
      if (lang === sourceLang || !copy) continue;
      const pairs = pairTerms(arch, copy);
      if (!pairs) {
        console.warn(`website_page ${page.id}: the ${lang} copy does not match the layout's texts; its texts are to be translated again`);
        continue;
      }
      if (pairs.length) await knex('website_page_term').insert(pairs.map(([source, value]) => ({ page_id: page.id, lang, source, value })));
    }
  }
}

/** The per-language copies of a translated column (`{"en_US": "...", "fr_FR": "..."}`), or undefined. */
function parseCopies(content: unknown): Record<string, string> | undefined {
  if (content === null || content === undefined) return undefined;
  if (typeof content === 'object') return content as Record<string, string>;
  const text = String(content);
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, string> : undefined;
  } catch {
    return undefined;
  }
}

