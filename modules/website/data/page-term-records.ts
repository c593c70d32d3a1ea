import crypto from 'node:crypto';
import { type DataRecord, ref } from '@platform/core';
import { pairTerms } from '../server/services/page-terms';

/**
 * Data records translating a page's layout into `lang`, from a copy of it written in that language
 * (the terms paired by position, as the migration from per-language copies does): modules ship their
 * pages' translations as they would write them, a whole page per language. Throws when the copy's
 * texts do not match the layout's, so a drifted demo page fails at load rather than half-translated.
 * A term's record is named after its source text, so data and demo that both write a page (the home
 * page, amended by demo) write the same record for the same text. `noupdate`: as the page's record.
 */
export function pageTermRecords(pageXmlId: string, lang: string, sourceArch: string, translatedArch: string, opts: { noupdate?: boolean } = {}): DataRecord[] {
  const pairs = pairTerms(sourceArch, translatedArch);
  if (!pairs) throw new Error(`${pageXmlId}: the ${lang} copy does not have the same texts as the layout`);
  return pairs.map(([source, value]) => ({
    id: `${pageXmlId}_term_${lang}_${crypto.createHash('sha1').update(source).digest('hex').slice(0, 12)}`, model: 'website.page.term', noupdate: opts.noupdate,
    values: { page_id: ref(pageXmlId), lang, source, value },
  }));
}
