import { type DataRecord, ref } from '@platform/core';
import { pairTerms } from '../server/services/page-terms';

/**
 * Data records translating a page's layout into `lang`, from a copy of it written in that language
 * (the terms paired by position, as the migration from per-language copies does): modules ship their
 * pages' translations as they would write them, a whole page per language. Throws when the copy's
 * texts do not match the layout's, so a drifted demo page fails at load rather than half-translated.
 */
export function pageTermRecords(pageXmlId: string, lang: string, sourceArch: string, translatedArch: string): DataRecord[] {
  const pairs = pairTerms(sourceArch, translatedArch);
  if (!pairs) throw new Error(`${pageXmlId}: the ${lang} copy does not have the same texts as the layout`);
  return pairs.map(([source, value], i) => ({
    id: `${pageXmlId}_term_${lang}_${i}`, model: 'website.page.term',
    values: { page_id: ref(pageXmlId), lang, source, value },
  }));
}
