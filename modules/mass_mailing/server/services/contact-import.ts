import { injectable } from 'inversify';
import { UserError } from '@platform/core/errors';
import type { Env } from '@platform/orm/environment';
import { nowUtc } from '@platform/orm/sql-values';
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
const CONTACTS = 'mail_mass_mailing_contact';
const SUBSCRIPTIONS = 'mail_mass_mailing_subscription';

/**
 * CSV import of contacts into a mailing list, in two steps so the browser can show progress: `check`
 * reads the whole file (nothing written) and answers the lines to import and the refused ones;
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
    const [header, ...records] = parseCsv(text);
    if (!header) throw new UserError('The file is empty.');
    if (records.length > IMPORT_LIMITS.maxLines) {
      throw new UserError(`The file has more than ${IMPORT_LIMITS.maxLines} lines: split it into smaller files.`);
    }
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
      const rows: Array<{ email: string }> = await env.db(`${CONTACTS} as c`).join(`${SUBSCRIPTIONS} as s`, 's.contact_id', 'c.id')
        .where('s.list_id', listId).whereIn('c.email', part).select('c.email');
      for (const r of rows) found.add(r.email);
    }
    return found;
  }

  /**
   * Written with a few statements per batch rather than one ORM create per line, which made 1,000
   * lines take tens of seconds; the contact model's only rule (a normalised, valid e-mail) is the
   * check above.
   */
  private async subscribe(env: Env, listId: number, rows: ImportRow[]): Promise<void> {
    const now = nowUtc();
    const audit = { create_uid: env.uid, create_date: now, write_uid: env.uid, write_date: now };
    const emails = rows.map((r) => r.email);
    const known = new Set((await env.db(CONTACTS).whereIn('email', emails).pluck('email')).map(String));
    const missing = rows.filter((r) => !known.has(r.email)).map((r) => ({ name: r.name || r.email.split('@')[0], email: r.email, ...audit }));
    for (let i = 0; i < missing.length; i += 100) await env.db(CONTACTS).insert(missing.slice(i, i + 100));
    const ids: Array<{ id: number }> = await env.db(CONTACTS).whereIn('email', emails).select('id');
    const [yes, no] = env.dialect === 'sqlite' ? [1, 0] : [true, false];
    const subscriptions = ids.map(({ id }) => ({ contact_id: id, list_id: listId, opt_out: no, confirmed: yes, ...audit }));
    for (let i = 0; i < subscriptions.length; i += 100) await env.db(SUBSCRIPTIONS).insert(subscriptions.slice(i, i + 100));
  }
}

function rowProblem(row: ImportRow): RefusalReason | null {
  if (!row.email) return 'missing_email';
  if (row.email.length > IMPORT_LIMITS.emailLength || row.name.length > IMPORT_LIMITS.nameLength) return 'too_long';
  if (!isValidEmail(row.email)) return 'invalid_email';
  return null;
}
