import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { LanguageCatalog, type RequestContext, type UploadedFile } from '@platform/http';
import { escapeHtml } from '@platform/common';
import type { Env } from '@platform/orm';
import { TranslationCatalog } from '@platform/web';
import { BLOCK_FIELD, HONEYPOT_FIELD, MAX_FILES, RESERVED_FIELDS, TIMEZONE_FIELD } from '../../common/form-block';
import { formSchema, postedFormValues, schemaErrors } from '../../common/form-schema';
import { convertValue, type ConversionContext, DATE_MESSAGE, DATETIME_MESSAGE, fileFieldName, groupPosted, isKnownTimeZone } from '../../common/form-values';
import { momentDateParser } from '../../web/form/moment-date-parser';
import { attachmentUrl } from '../routes/attachment-routes';
import { checkUploadedFile, type CheckedFile } from './file-check';
import { FormBlocks } from './form-blocks';
import { FormMailQueue } from './form-mail-queue';
import { type EnabledModel, FormWhitelist } from './form-whitelist';

/** The endpoint's answer: the record's id, or the fields refused (the spec's form reply). */
export type SubmissionResult = { id: number } | { error_fields: string[]; message: string; status: number; messages: Record<string, string> };

const MAX_EXTRA_CHARS = 2000;

function refused(status: number, message: string, errors: Map<string, string> = new Map()): SubmissionResult {
  return { error_fields: [...errors.keys()], message, status, messages: Object.fromEntries(errors) };
}

/**
 * A website form's post: whitelist, conversion, required fields, files, then the record, its files and
 * the notification mail in one transaction (a refused post writes nothing). The record is created as the
 * superuser once every check passed, as the original platform does: visitors have no ORM access to it.
 */
@injectable()
export class FormSubmission {
  constructor(
    @inject(FormWhitelist) private readonly whitelist: FormWhitelist,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(FormMailQueue) private readonly mails: FormMailQueue,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(FormBlocks) private readonly blocks: FormBlocks,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
  ) {}

  async submit(req: RequestContext, model: string, posted: Record<string, string | string[]>, files: UploadedFile[]): Promise<SubmissionResult> {
    const target = await this.whitelist.enabled(req.env, model);
    if (!target) return refused(404, 'This form cannot be sent: its model is not open to website forms.');
    const grouped = groupPosted(posted);
    // A robot fills every field it finds, the hidden one too; a person never sees it.
    if (grouped[HONEYPOT_FIELD]) return refused(400, 'Your message could not be sent.');
    const lang = await this.languages.find(req.lang);
    const zone = grouped[TIMEZONE_FIELD]?.[0] ?? '';
    const ctx: ConversionContext = {
      dateFormat: lang?.dateFormat ?? 'MM/DD/YYYY', timeFormat: lang?.timeFormat ?? 'HH:mm:ss', parse: momentDateParser,
      timeZone: isKnownTimeZone(zone) ? zone : 'UTC',
    };
    const t = (text: string) => this.translations.translate(req.site.modules, req.lang, text);

    const values: Record<string, unknown> = {};
    const extras: string[] = [];
    // Field -> the message shown under it (the first problem found).
    const errors = new Map<string, string>();
    const fail = (name: string, message: string) => { if (!errors.has(name)) errors.set(name, t(message)); };
    // The form block posted (if it writes this model): the very schema its page checked with formik.
    const form = await this.blocks.form(req.env.withLang(req.lang), grouped[BLOCK_FIELD]?.[0] ?? '', { relationChoices: false });
    if (form && form.target.model === target.model) {
      const schema = formSchema(form.inputs, { dateFormat: ctx.dateFormat, timeFormat: ctx.timeFormat, parse: ctx.parse, t });
      const posted = postedFormValues(form.inputs, grouped, files.map((f) => ({ field: fileFieldName(f.field), name: f.filename, size: f.data.length })));
      for (const [name, message] of Object.entries(await schemaErrors(schema, posted))) fail(name, message);
    }
    for (const [name, raw] of Object.entries(grouped)) {
      if (RESERVED_FIELDS.has(name)) continue;
      const spec = target.fields.get(name);
      if (!spec) {
        // Not a whitelisted field: a line of the default text field (never a column of the record).
        if (/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) extras.push(`${name}: ${raw.join(', ')}`.slice(0, MAX_EXTRA_CHARS));
        else fail(name.slice(0, 64), 'This form cannot take this field.');
        continue;
      }
      const converted = convertValue(spec, raw, ctx);
      // The spec's date messages in the page's language: the template translated, then the text typed put in.
      if (!converted.ok && (spec.type === 'date' || spec.type === 'datetime')) fail(name, t(spec.type === 'date' ? DATE_MESSAGE : DATETIME_MESSAGE).replace('%s', raw[0] ?? ''));
      else if (!converted.ok) fail(name, converted.message);
      else values[name] = converted.value;
    }
    await this.checkRelations(req.env, target, values, fail);

    const checked: CheckedFile[] = [];
    for (const file of files.slice(0, MAX_FILES)) {
      const ok = await checkUploadedFile(file);
      if (ok) checked.push({ ...ok, field: fileFieldName(ok.field) });
      else fail(fileFieldName(file.field), 'This file is empty or of a type that is not accepted (PDF, images, ZIP, text).');
    }
    const postedFiles = new Set(checked.map((f) => f.field));
    for (const name of target.required) {
      if (values[name] === undefined && !postedFiles.has(name) && !grouped[name]) fail(name, 'This field is required.');
    }
    if (extras.length && !target.defaultField) extras.forEach((line) => fail(line.slice(0, line.indexOf(':')), 'This form cannot take this field.'));
    if (errors.size) return refused(400, 'Please check the marked fields.', errors);

    // Read before the transaction: SQLite has one connection, which the transaction holds.
    const base = target.notify ? await this.urls.forMail(req) : null;
    const id = await req.env.transaction(async (tx) => this.write(req, tx, target, values, extras, checked, base));
    void this.mails.kick();
    return { id };
  }

  /** Ids posted for relations must name existing records (of models forms may point to). */
  private async checkRelations(env: Env, target: EnabledModel, values: Record<string, unknown>, fail: (name: string, message: string) => void): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      const spec = target.fields.get(name)!;
      if ((spec.type !== 'many2one' && spec.type !== 'many2many') || !spec.comodel) continue;
      const ids = Array.isArray(value) ? (value as number[]) : [value as number];
      // Files are linked by the upload, never by an id a visitor names.
      if (spec.comodel === 'ir.attachment') { fail(name, 'Attach the files themselves.'); continue; }
      const found = await env.sudo().model(spec.comodel).search_count([['id', 'in', ids]]);
      if (found !== ids.length) fail(name, 'Choose one of the options.');
      else if (spec.type === 'many2many') values[name] = [[6, 0, ids]];
    }
  }

  private async write(req: RequestContext, tx: Env, target: EnabledModel, values: Record<string, unknown>, extras: string[], files: CheckedFile[], base: string | null): Promise<number> {
    const su = tx.sudo();
    const model = su.model(target.model);
    const hasField = (name: string) => su.registry.get(target.model)?.fields.has(name) ?? false;
    const row: Record<string, unknown> = { ...values };
    if (hasField('website_id') && row.website_id === undefined) row.website_id = req.site.id;
    const id = (await model.create(row)) as number;

    const orphans: string[] = [];
    const stored: Array<[number, string]> = [];
    const linked = new Map<string, number[]>();
    for (const f of files) {
      const attId = (await su.model('ir.attachment').create({ name: f.name, res_model: target.model, res_id: id, public: false, website_id: req.site.id })) as number;
      await su.model('ir.attachment').write([attId], {
        mimetype: f.mimetype, file_size: f.data.length, checksum: crypto.createHash('sha256').update(f.data).digest('hex'), datas: f.data.toString('base64'),
      });
      stored.push([attId, f.name]);
      const spec = target.fields.get(f.field);
      if (spec?.type === 'many2many' && spec.comodel === 'ir.attachment') linked.set(f.field, [...(linked.get(f.field) ?? []), attId]);
      else orphans.push(f.name);
    }
    const update: Record<string, unknown> = {};
    for (const [field, ids] of linked) update[field] = ids.map((a) => [4, a]);
    if (orphans.length) extras.push(`Attached files: ${orphans.join(', ')}`);
    if (extras.length && target.defaultField) {
      const [current] = await model.read([id], [target.defaultField]);
      const before = current?.[target.defaultField] ? String(current[target.defaultField]) : '';
      const html = su.registry.get(target.model)?.fields.get(target.defaultField)?.type === 'html';
      const block = `Other information:\n${extras.join('\n')}`;
      update[target.defaultField] = html
        ? `${before}<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
        : `${before ? `${before}\n\n` : ''}${block}`;
    }
    if (Object.keys(update).length) await model.write([id], update);
    await this.queueMail(req, tx, target, id, values, extras, stored, base);
    return id;
  }

  private async queueMail(req: RequestContext, tx: Env, target: EnabledModel, id: number, values: Record<string, unknown>, extras: string[], files: Array<[number, string]>, base: string | null): Promise<void> {
    if (!target.notify) return;
    const [site] = await tx.sudo().model('website').read([req.site.id], ['contact_email', 'name']);
    const to = site?.contact_email ? String(site.contact_email) : '';
    if (!to) return;
    // Links for the site's staff (they sign in to follow them); none without an address to trust.
    const links = base ? [
      '', `Open it: ${base}/web#model=${target.model}&view=form&id=${id}`,
      ...files.map(([attId, name]) => `${name}: ${base}${attachmentUrl(attId)}`),
    ] : [];
    const lines = [...target.fields.values()].filter((f) => values[f.name] !== undefined && f.type !== 'many2many').map((f) => `${f.label}: ${String(values[f.name])}`);
    await this.mails.enqueue(tx.db, {
      to, subject: `New ${target.label.toLowerCase()} from the website ${String(site.name ?? '')}`.trim(), resModel: target.model, resId: id,
      body: [`A visitor sent the form "${target.label}".`, '', ...lines, ...(extras.length ? ['', ...extras] : []), ...links].join('\n'),
    });
  }
}
