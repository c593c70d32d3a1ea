import { Readable } from 'node:stream';
import { ValidationError } from '@platform/core/errors';
import type { Domain } from '@platform/core/domain-types';
import type { Env } from '@platform/orm/environment';

const BATCH = 1000;
/** Cells a spreadsheet would run as a formula get a leading quote (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  let text = value === false || value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The records of `model` matching `domain`, as CSV streamed in batches of 1,000 read with the caller's
 * rights and record rules (each batch is a search_read, keyed on id so a large export stays linear).
 * Relations are written by name. Access to the model and the fields is checked before the first byte.
 */
export async function csvExport(env: Env, model: string, domain: Domain, fieldNames: string[]): Promise<Readable> {
  const m = env.model(model);
  const described = m.fields_get(fieldNames);
  const header = fieldNames.map((f) => cell(described[f].string)).join(',');
  // Fails now (bad domain, no right) rather than halfway through the download.
  await m.search_count(domain);
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${header}\r\n`;
    let last = 0;
    for (;;) {
      const rows = await m.search_read([...domain.length ? ['&', ...domain] : [], ['id', '>', last]] as Domain, fieldNames, { limit: BATCH, order: 'id' });
      if (rows.length === 0) return;
      const names = new Map<string, Map<number, string>>();
      for (const f of fieldNames) {
        const d = described[f];
        if (d.type !== 'many2many' && d.type !== 'one2many') continue;
        const ids = [...new Set(rows.flatMap((r) => (r[f] as number[]) ?? []))];
        names.set(f, new Map(ids.length ? await env.model(d.relation!).name_get(ids) : []));
      }
      let chunk = '';
      for (const r of rows) {
        chunk += fieldNames.map((f) => {
          const v = r[f];
          if (Array.isArray(v) && described[f].type === 'many2one') return cell(v[1]);
          if (Array.isArray(v)) return cell(v.map((id) => names.get(f)?.get(id as number) ?? id).join(', '));
          if (v && typeof v === 'object') return cell(JSON.stringify(v));
          return cell(v);
        }).join(',') + '\r\n';
      }
      yield chunk;
      last = rows[rows.length - 1].id as number;
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}

/** The domain of an export link (JSON text in the query string). */
export function parseDomainParam(text: string | undefined): Domain {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) throw new Error('not a list');
    return parsed as Domain;
  } catch {
    throw new ValidationError('The domain must be a JSON list');
  }
}
