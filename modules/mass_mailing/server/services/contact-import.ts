import { injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { Env } from '@platform/orm';
import { parseCsv } from './csv-records';
import { isValidEmail, normalizeEmail } from './email-address';

/** Bounds of one import: a file this big takes a few seconds; larger ones are split by the user. */
export const IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxLines: 20_000, batch: 500, nameLength: 256, emailLength: 254 } as const;

export type RefusalReason = 'missing_email' | 'invalid_email' | 'duplicate_in_file' | 'already_in_list' | 'too_long';

export interface Refusal {
  line: number;
  email: string;
  reason: RefusalReason;
}

/** A line that may be imported: what the second step sends back in batches (checked again there). */
export interface ImportRow {
  line: number;
  name: string;
  email: string;
}

export interface ImportCheck {
  /** Data lines in the file (the header and blank lines not counted). */
  lines: number;
  rows: ImportRow[];
  refused: Refusal[];
  /** Header columns that are not imported (the contact model has a name and an e-mail only). */
  ignoredColumns: string[];
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'mail', 'courriel']);
const NAME_HEADERS = new Set(['name', 'nom', 'full name']);
const CONTACT_MODEL = 'mail.mass_mailing.contact';
const SUBSCRIPTION_MODEL = 'mail.mass_mailing.subscription';

/**
 * CSV import of contacts into a mailing list, in two steps so the browser can show progress: `check`
 * reads the whole file (nothing written; parsed in slices, so other requests go on meanwhile) and
 * answers the lines to import and the refused ones;
 * `importRows` writes one batch of those lines in one transaction, checking each again (the browser
 * is not trusted). Importing the same file twice adds nothing the second time.
 */
@injectable()
export class ContactImport {
  async check(env: Env, listId: number, text: string): Promise<ImportCheck> {
    await this.checkAccess(env, listId);
    if (Buffer.byteLength(text, 'utf8') > IMPORT_LIMITS.maxBytes) {
      throw new UserError(`The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files.`);
    }
    const tooLong = `The file has more than ${IMPORT_LIMITS.maxLines} lines: split it into smaller files.`;
    const [header, ...records] = await parseCsv(text, { maxRecords: { count: IMPORT_LIMITS.maxLines, message: tooLong } });
    if (!header) throw new UserError('The file is empty.');
    const columns = header.cells.map((c) => c.trim().toLowerCase());
    const emailAt = columns.findIndex((c) => EMAIL_HEADERS.has(c));
    if (emailAt < 0) throw new UserError('The first line must name the columns, one of them "email" (and "name" if you have names).');
    const nameAt = columns.findIndex((c) => NAME_HEADERS.has(c));
    const ignoredColumns = header.cells.filter((c, i) => i !== emailAt && i !== nameAt && c.trim() !== '').map((c) => c.trim());

    const refused: Refusal[] = [];
    const candidates: ImportRow[] = [];
    const seen = new Set<string>();
    for (const r of records) {
      const row = { line: r.line, name: nameAt >= 0 ? (r.cells[nameAt] ?? '').trim() : '', email: normalizeEmail(r.cells[emailAt] ?? '') };
      const reason = rowProblem(row) ?? (seen.has(row.email) ? 'duplicate_in_file' : null);
      if (reason) refused.push({ line: row.line, email: row.email, reason });
      else {
        seen.add(row.email);
        candidates.push(row);
      }
    }
    const inList = await this.alreadyInList(env, listId, candidates.map((c) => c.email));
    const rows = candidates.filter((c) => {
      if (!inList.has(c.email)) return true;
      refused.push({ line: c.line, email: c.email, reason: 'already_in_list' });
      return false;
    });
    refused.sort((a, b) => a.line - b.line);
    return { lines: records.length, rows, refused, ignoredColumns };
  }

  /** Adds one batch of checked lines to the list: new contacts are created, known ones subscribed. */
  async importRows(env: Env, listId: number, batch: ImportRow[]): Promise<{ added: number; refused: Refusal[] }> {
    await this.checkAccess(env, listId);
    if (batch.length > IMPORT_LIMITS.batch) throw new UserError(`At most ${IMPORT_LIMITS.batch} lines per batch.`);
    return env.transaction(async (tx) => {
      const refused: Refusal[] = [];
      const rows: ImportRow[] = [];
      const seen = new Set<string>();
      for (const raw of batch) {
        const row = { line: raw.line, name: raw.name.trim(), email: normalizeEmail(raw.email) };
        const reason = rowProblem(row) ?? (seen.has(row.email) ? 'duplicate_in_file' : null);
        if (reason) refused.push({ line: row.line, email: row.email, reason });
        else {
          seen.add(row.email);
          rows.push(row);
        }
      }
      const inList = await this.alreadyInList(tx, listId, rows.map((r) => r.email));
      const fresh = rows.filter((r) => {
        if (!inList.has(r.email)) return true;
        refused.push({ line: r.line, email: r.email, reason: 'already_in_list' });
        return false;
      });
      if (fresh.length) await this.subscribe(tx, listId, fresh);
      return { added: fresh.length, refused };
    });
  }

  /** Only callers who may create contacts and subscriptions, on a list they can read. */
  private async checkAccess(env: Env, listId: number): Promise<void> {
    const { access } = env.orm;
    access.check(env.user, 'mail.mass_mailing.contact', 'create');
    access.check(env.user, 'mail.mass_mailing.subscription', 'create');
    const [list] = await env.model('mail.mass_mailing.list').search([['id', '=', listId]], { limit: 1 });
    if (!list) throw new UserError('This mailing list does not exist.');
  }

  /** The e-mails among `emails` that have a subscription (even opted out) to the list. */
  private async alreadyInList(env: Env, listId: number, emails: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < emails.length; i += IMPORT_LIMITS.batch) {
      const part = emails.slice(i, i + IMPORT_LIMITS.batch);
      const rows = await env.model(SUBSCRIPTION_MODEL).search_read([['list_id', '=', listId], ['contact_id.email', 'in', part]], ['contact_id']);
      const ids = rows.map((r) => (r.contact_id as [number, string])[0]);
      const contacts = ids.length ? await env.model(CONTACT_MODEL).read(ids, ['email']) : [];
      for (const c of contacts) found.add(String(c.email));
    }
    return found;
  }

  /**
   * Through the ORM, one create call per batch (one transaction, the models' constraints and record
   * rules checked once over the batch): contacts first, then their subscriptions.
   */
  private async subscribe(env: Env, listId: number, rows: ImportRow[]): Promise<void> {
    const emails = rows.map((r) => r.email);
    const contacts = env.model(CONTACT_MODEL);
    const known = new Map((await contacts.search_read([['email', 'in', emails]], ['email'])).map((c) => [String(c.email), Number(c.id)]));
    const missing = rows.filter((r) => !known.has(r.email));
    const created = missing.length ? await contacts.create(missing.map((r) => ({ name: r.name || r.email.split('@')[0], email: r.email }))) : [];
    missing.forEach((r, i) => known.set(r.email, created[i]));
    await env.model(SUBSCRIPTION_MODEL).create(rows.map((r) => ({ contact_id: known.get(r.email)!, list_id: listId, opt_out: false, confirmed: true })));
  }
}

function rowProblem(row: ImportRow): RefusalReason | null {
  if (!row.email) return 'missing_email';
  if (row.email.length > IMPORT_LIMITS.emailLength || row.name.length > IMPORT_LIMITS.nameLength) return 'too_long';
  if (!isValidEmail(row.email)) return 'invalid_email';
  return null;
}
