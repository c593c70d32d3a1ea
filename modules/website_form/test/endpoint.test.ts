import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { MAX_FILE_BYTES, MAX_FILES, MAX_REQUEST_BYTES } from '../common/form-block';
import { MESSAGES } from '../common/form-schema';

/** The smallest valid PNG (1x1) and PDF, recognised by their bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('website_form: the endpoint, the whitelist and the limits', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let address = 1;

  before(async () => {
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      tk = await bootTestKernel({ modules: ['website_form'], http: true, demo: true });
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
  });
  after(async () => tk?.stop());

  type Fields = Record<string, string | string[]>;
  /** Posts a form as the island does (multipart, JSON answer), from its own address unless told. */
  async function post(model: string, fields: Fields, files: Array<[string, Buffer, string]> = [], opts: { from?: string; json?: boolean; origin?: string | null } = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    for (const [name, bytes, filename] of files) form.append(name, new Blob([new Uint8Array(bytes)]), filename);
    const headers: Record<string, string> = { 'X-Forwarded-For': opts.from ?? `10.9.0.${address++}` };
    if (opts.json !== false) headers.Accept = 'application/json';
    if (opts.origin !== null) headers.Origin = opts.origin ?? tk.url;
    const res = await fetch(`${tk.url}/website_form/${model}`, { method: 'POST', body: form, headers, redirect: 'manual' });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, location: res.headers.get('location'), body: type.includes('json') ? await res.json() : await res.text() };
  }
  const leads = () => tk.sudo().model('website.form.lead').search_count([]);
  const valid = (o: Fields = {}): Fields => ({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', description: 'A question', website_form_block: 'contactus', ...o });

  it('creates a contact request, converts its values, keeps extras in the message, queues a mail to the site', async () => {
    const res = await post('website.form.lead', valid({ newsletter: 'true', contact_date: '3/7/2026', heard_from: 'A friend' }));
    expect(res.status).to.equal(200);
    expect(res.body).to.have.property('id').that.is.a('number');
    const [lead] = await tk.sudo().model('website.form.lead').read([res.body.id], ['name', 'email', 'newsletter', 'contact_date', 'description', 'website_id']);
    expect(lead).to.include({ name: 'Ada', email: 'ada@example.com', newsletter: true, contact_date: '2026-03-07' });
    expect(String(lead.description)).to.equal('A question\n\nOther information:\nheard_from: A friend');
    expect(lead.website_id).to.be.an('array');
    const mails = await tk.sudo().db('website_form_mail').where({ res_id: res.body.id });
    expect(mails).to.have.length(1);
    expect(mails[0].email_to).to.equal('hello@example.com');
    expect(mails[0].body).to.contain('heard_from: A friend');
  });

  it('"false" is false', async () => {
    const res = await post('website.form.lead', valid({ newsletter: 'false' }));
    const [lead] = await tk.sudo().model('website.form.lead').read([res.body.id], ['newsletter']);
    expect(lead.newsletter).to.equal(false);
  });

  it('refuses models not enabled, unknown and forbidden ones, writing nothing', async () => {
    for (const model of ['res.users', 'website.form.model', 'no.such.model', 'ir.attachment', 'website.page']) {
      const res = await post(model, { name: 'x', login: 'x' });
      expect(res.status, model).to.equal(404);
      expect(res.body.error_fields).to.deep.equal([]);
    }
    const before = await tk.sudo().model('res.partner').search_count([]);
    await tk.sudo().model('website.form.model').write(await tk.sudo().model('website.form.model').search([['model', '=', 'res.partner']]), { enabled: false });
    expect((await post('res.partner', { name: 'Eve', email: 'eve@example.com' })).status).to.equal(404);
    await tk.sudo().model('website.form.model').write(await tk.sudo().model('website.form.model').search([['model', '=', 'res.partner']]), { enabled: true });
    expect((await post('res.partner', { name: 'Eve', email: 'eve@example.com' })).body).to.have.property('id');
    expect(await tk.sudo().model('res.partner').search_count([])).to.equal(before + 1);
  });

  it('never writes a field that is not whitelisted: it becomes a line of the text field, or a refusal', async () => {
    const res = await post('website.form.lead', valid({ state: 'done', create_uid: '1', website_id: '99' }));
    const [lead] = await tk.sudo().model('website.form.lead').read([res.body.id], ['state', 'description']);
    expect(lead.state).to.equal('new');
    expect(String(lead.description)).to.contain('state: done').and.contain('create_uid: 1');
    // Contacts have no text field for extras: a field they cannot take is refused.
    const partners = await tk.sudo().model('res.partner').search_count([]);
    const refusal = await post('res.partner', { name: 'Mallory', active: 'false', image: 'x' });
    expect(refusal.status).to.equal(400);
    expect(refusal.body.error_fields).to.have.members(['active', 'image']);
    expect(await tk.sudo().model('res.partner').search_count([])).to.equal(partners);
  });

  it('the whitelist itself refuses readonly, computed and system fields', async () => {
    const model = tk.sudo().model('website.form.model');
    const id = (await model.search([['model', '=', 'website.form.lead']]))[0];
    for (const bad of ['id', 'create_uid', 'write_date', 'website_id', 'no_such_field']) {
      let message = '';
      try { await model.write([id], { field_names: `name, ${bad}` }); } catch (err) { message = (err as Error).message; }
      expect(message, bad).to.match(/never write|not a field/);
    }
    let refusal = '';
    try { await model.create({ model: 'res.users', label: 'Users', field_names: 'login' }); } catch (err) { refusal = (err as Error).message; }
    expect(refusal).to.contain('never create res.users');
  });

  it('lists every bad field: conversions with the spec\'s messages, missing required fields, bad ids', async () => {
    const count = await leads();
    const res = await post('website.form.lead', { name: 'Bob', contact_date: '2026-31-01', newsletter: 'perhaps', website_form_block: 'contactus' });
    expect(res.status).to.equal(400);
    // email, subject and description are required by the block; name is given.
    expect(res.body.error_fields).to.have.members(['contact_date', 'newsletter', 'email', 'subject', 'description']);
    const partner = await post('res.partner', { name: 'Zed', country_id: '999999' });
    expect(partner.body.error_fields).to.deep.equal(['country_id']);
    expect(await leads()).to.equal(count);
  });

  it('checks the posted block\'s own schema, the one its page checks with formik, and says why per field', async () => {
    const count = await leads();
    const res = await post('website.form.lead', valid({ email: 'ada@', contact_date: '3/31/2026 ', heard_from: 'A friend' }), [['attachment_ids[0]', PDF, 'brief.exe']]);
    expect(res.status).to.equal(400);
    expect(res.body.error_fields).to.have.members(['email', 'attachment_ids']);
    expect(res.body.messages).to.include({ email: MESSAGES.email, attachment_ids: MESSAGES.fileType });
    // In the page's language.
    const form = new FormData();
    for (const [k, v] of Object.entries(valid({ email: '', contact_date: '31/31/2026' }))) form.append(k, String(v));
    const french = await fetch(`${tk.url}/fr/website_form/website.form.lead`, { method: 'POST', body: form, headers: { Accept: 'application/json', Origin: tk.url, 'X-Forwarded-For': `10.9.1.${address++}` } });
    expect((await french.json()).messages).to.deep.equal({ email: 'Ce champ est obligatoire.', contact_date: "'31/31/2026' n'est pas une date correcte" });
    expect(await leads()).to.equal(count);
  });

  it('stores files as attachments linked to the request, checked by their bytes', async () => {
    const res = await post('website.form.lead', valid(), [['attachment_ids[0]', PNG, 'dot.png'], ['attachment_ids[1]', PDF, 'brief.pdf']]);
    expect(res.body).to.have.property('id');
    const [lead] = await tk.sudo().model('website.form.lead').read([res.body.id], ['attachment_ids']);
    const atts = await tk.sudo().model('ir.attachment').read(lead.attachment_ids as number[], ['name', 'mimetype', 'res_model', 'res_id', 'public', 'file_size']);
    expect(atts.map((a) => [a.name, a.mimetype]).sort()).to.deep.equal([['brief.pdf', 'application/pdf'], ['dot.png', 'image/png']]);
    expect(atts.every((a) => a.res_model === 'website.form.lead' && a.res_id === res.body.id && a.public === false)).to.equal(true);
    // A file under a name that is no field is attached too, and named in the message.
    const other = await post('website.form.lead', valid(), [['cv[0]', PDF, 'cv.pdf']]);
    const [withCv] = await tk.sudo().model('website.form.lead').read([other.body.id], ['description', 'attachment_ids']);
    expect(withCv.attachment_ids).to.deep.equal([]);
    expect(String(withCv.description)).to.contain('Attached files: cv.pdf');
  });

  it('internal users read requests and download their files; portal users and visitors cannot', async () => {
    const res = await post('website.form.lead', valid({ email: 'files@example.com' }), [['attachment_ids[0]', PDF, 'brief.pdf']]);
    const [lead] = await tk.sudo().model('website.form.lead').read([res.body.id], ['attachment_ids']);
    const attId = (lead.attachment_ids as number[])[0];
    const accounts = tk.get(UserAccounts);
    await accounts.create({ name: 'Staff', login: 'staff', password: 'staff-password-1', groups: ['base.group_user'] });
    await accounts.create({ name: 'Customer', login: 'customer', password: 'customer-password-1' });
    const staff = new RpcClient(tk.url);
    await staff.authenticate('staff', 'staff-password-1');
    const rows = await staff.callKw<Array<Record<string, unknown>>>('website.form.lead', 'search_read', [[['id', '=', res.body.id]], ['name', 'attachment_ids']]);
    expect(rows[0].attachment_ids).to.deep.equal([attId]);
    const download = await staff.fetch(`/website_form/attachment/${attId}`);
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-disposition')).to.contain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).to.equal(true);
    const mail = await tk.sudo().db('website_form_mail').where({ res_id: res.body.id }).first();
    expect(mail.body).to.contain(`/website_form/attachment/${attId}`);
    const customer = new RpcClient(tk.url);
    await customer.authenticate('customer', 'customer-password-1');
    expect((await customer.fetch(`/website_form/attachment/${attId}`)).status).to.equal(404);
    expect((await customer.rpc('/web/dataset/call_kw', { model: 'website.form.lead', method: 'search_read', args: [[]], kwargs: {} })).error).to.not.equal(undefined);
    const visitor = await fetch(`${tk.url}/website_form/attachment/${attId}`, { redirect: 'manual' });
    expect(visitor.status).to.equal(302);

    // A form creating a contact: its files are attached to the contact, and read by the staff under it.
    const reseller = await post('res.partner', { name: 'Filed', company_name: 'F', email: 'filed@example.com', website_form_block: 'reseller' }, [['documents[0]', PDF, 'deck.pdf']]);
    expect(reseller.body).to.have.property('id');
    const files = await staff.callKw<Array<Record<string, unknown>>>('ir.attachment', 'search_read', [[['res_model', '=', 'res.partner'], ['res_id', '=', reseller.body.id]], ['name']]);
    expect(files.map((f) => f.name)).to.deep.equal(['deck.pdf']);
    const deck = await staff.fetch(`/website_form/attachment/${Number(files[0].id)}`);
    expect(deck.status).to.equal(200);
    expect(Buffer.from(await deck.arrayBuffer()).equals(PDF)).to.equal(true);
    expect((await customer.fetch(`/website_form/attachment/${Number(files[0].id)}`)).status).to.equal(404);
  });

  it('refuses a file whose bytes are not an accepted type, too many files, too large files, writing nothing', async () => {
    const count = await leads();
    const attachments = await tk.sudo().model('ir.attachment').search_count([]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const bad = await post('website.form.lead', valid(), [['attachment_ids[0]', exe, 'photo.png']]);
    expect(bad.status).to.equal(400);
    expect(bad.body.error_fields).to.deep.equal(['attachment_ids']);
    const many = await post('website.form.lead', valid(), Array.from({ length: MAX_FILES + 1 }, (_, i) => [`attachment_ids[${i}]`, PNG, `f${i}.png`] as [string, Buffer, string]));
    expect(many.status).to.equal(413);
    const big = await post('website.form.lead', valid(), [['attachment_ids[0]', Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES)]), 'big.pdf']]);
    expect(big.status).to.equal(413);
    // Each file under its limit, all of them over the request's.
    const each = Math.floor(MAX_FILE_BYTES * 0.95);
    const parts = Math.ceil(MAX_REQUEST_BYTES / each) + 1;
    expect(parts).to.be.at.most(MAX_FILES);
    const heavy = await post('website.form.lead', valid(), Array.from({ length: parts }, (_, i) => [`attachment_ids[${i}]`, Buffer.concat([PDF, Buffer.alloc(each - PDF.length)]), `p${i}.pdf`] as [string, Buffer, string]));
    expect(heavy.status).to.equal(413);
    expect(await leads()).to.equal(count);
    expect(await tk.sudo().model('ir.attachment').search_count([])).to.equal(attachments);
  });

  it('refuses the honeypot, foreign origins, and limits each address', async () => {
    const count = await leads();
    const bot = await post('website.form.lead', valid({ website_form_signature: 'http://spam.example' }));
    expect(bot.status).to.equal(400);
    const foreign = await post('website.form.lead', valid(), [], { origin: 'https://evil.example' });
    expect(foreign.status).to.equal(403);
    const none = await post('website.form.lead', valid(), [], { origin: null });
    expect(none.status).to.equal(403);
    expect(await leads()).to.equal(count);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('website.form.lead', valid(), [], { from: '10.8.8.8' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).to.equal(true);
    expect(statuses[10]).to.equal(429);
  });

  it('limits a signed-in account across addresses', async () => {
    await tk.get(UserAccounts).create({ name: 'Busy', login: 'busy', password: 'busy-password-1' });
    const busy = new RpcClient(tk.url);
    await busy.authenticate('busy', 'busy-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const form = new FormData();
      for (const [k, v] of Object.entries(valid())) form.append(k, String(v));
      const res = await busy.fetch('/website_form/website.form.lead', { method: 'POST', body: form, headers: { Accept: 'application/json', Origin: tk.url, 'X-Forwarded-For': `10.7.${i}.1` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((st) => st === 200)).to.equal(true);
    expect(statuses[20]).to.equal(429);
  });

  it('without JavaScript: a redirect to the success page, or the form again with what was typed and each message', async () => {
    const ok = await post('website.form.lead', valid({ website_form_page: '/contactus' }), [], { json: false });
    expect(ok.status).to.equal(303);
    expect(ok.location).to.equal('/contactus-thank-you');
    const bad = await post('website.form.lead', valid({ website_form_page: '/contactus', email: '', contact_date: 'soon' }), [], { json: false });
    expect(bad.status).to.equal(400);
    const html = String(bad.body);
    expect(html).to.match(/aria-invalid="true"[^>]*id="wf-contactus-email"|id="wf-contactus-email"[^>]*aria-invalid="true"/);
    expect(html).to.contain('This field is required.');
    expect(html).to.contain('&#x27;soon&#x27; is not a correct date');
    expect(html).to.contain('value="Ada"');
    expect(html).to.contain('name="website_form_page" value="/contactus"');
    // Files of a refused post cannot be kept by the browser: the page says to attach them again, on the field.
    const withFile = await post('website.form.lead', valid({ website_form_page: '/contactus', email: '' }), [['attachment_ids[0]', PDF, 'brief.pdf']], { json: false });
    expect(withFile.status).to.equal(400);
    expect(String(withFile.body)).to.contain('Your files were not kept: please attach them again.').and.contain('Attach your files again: they could not be kept.')
      .and.match(/id="wf-contactus-attachment_ids"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="wf-contactus-attachment_ids"/);
    expect(html).to.not.contain('Your files were not kept');
    // The form posted again from that page goes back to the page it came from.
    const sent = await post('res.partner', { name: 'Nobody', company_name: 'N', email: 'n@example.com', website_form_block: 'reseller', website_form_page: 'https://evil.example/x' }, [], { json: false });
    expect(sent.status).to.equal(303);
    expect(sent.location).to.equal('/?wf=reseller&wf_sent=1#wf-reseller');
    const reseller = await post('res.partner', { name: 'Someone', company_name: 'S', email: 's@example.com', website_form_block: 'reseller', website_form_page: '/become-a-reseller' }, [], { json: false });
    expect(reseller.location).to.equal('/become-a-reseller?wf=reseller&wf_sent=1#wf-reseller');
    const thanked = await (await fetch(`${tk.url}${reseller.location}`)).text();
    expect(thanked).to.contain('our partner team will call you');
  });

  it('renders /contactus with the form block: fields, labels, the hidden honeypot; the status template is served by GET', async () => {
    const html = await (await fetch(`${tk.url}/contactus`)).text();
    expect(html).to.contain('data-island="website_form.form"');
    expect(html).to.contain('action="/website_form/website.form.lead"');
    expect(html).to.match(/enctype="multipart\/form-data"/i);
    expect(html).to.contain('name="website_form_signature"');
    expect(html).to.contain('data-form_field_source="Contact page"');
    for (const name of ['name', 'email', 'subject', 'contact_date', 'description', 'attachment_ids', 'heard_from']) expect(html).to.contain(`name="${name}"`);
    const home = await (await fetch(`${tk.url}/`)).text();
    expect(home).to.contain('href="/contactus"');
    const template = await (await fetch(`${tk.url}/website_form/status_template`)).json();
    expect(template).to.have.keys(['success', 'invalid', 'error', 'sending']);
  });

  it('force_action: a block may post to another model open to forms; one no longer open falls back to the block\'s own', async () => {
    const sudo = tk.sudo();
    const [partnerModel] = await sudo.model('website.form.model').search([['model', '=', 'res.partner']]);
    const [block] = await sudo.model('website.form.block').search([['key', '=', 'contactus']]);
    await sudo.model('website.form.block').write([block], { force_action_model_id: partnerModel });
    try {
      let html = await (await fetch(`${tk.url}/contactus`)).text();
      expect(html).to.contain('action="/website_form/res.partner"');
      expect(html).to.contain('data-force_action="res.partner"');
      expect(html).to.contain('data-model_name="website.form.lead"');
      const partners = await sudo.model('res.partner').search_count([]);
      const sent = await post('res.partner', { name: 'Forced', email: 'forced@example.com', website_form_block: 'contactus' });
      expect(sent.body).to.have.property('id');
      expect(await sudo.model('res.partner').search_count([])).to.equal(partners + 1);
      await sudo.model('website.form.model').write([partnerModel], { enabled: false });
      html = await (await fetch(`${tk.url}/contactus`)).text();
      expect(html).to.contain('action="/website_form/website.form.lead"');
      expect(html).not.to.contain('data-force_action');
    } finally {
      await sudo.model('website.form.model').write([partnerModel], { enabled: true });
      await sudo.model('website.form.block').write([block], { force_action_model_id: false });
    }
  });

  it('the editor\'s routes: publishers only, enabled models only, required fields kept, other languages\' labels kept', async () => {
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const models = await admin.call<Array<{ model: string; fields: Array<{ name: string }> }>>('/website_form/editor/models', {});
    const lead = models.find((m) => m.model === 'website.form.lead')!;
    expect(lead.fields.map((f) => f.name)).to.include.members(['name', 'email', 'attachment_ids']).and.not.include('state');
    const block = await admin.call<{ fields: Array<{ name: string; label: string }> } & Record<string, unknown>>('/website_form/editor/block', { key: 'contactus' });
    // Saved from the French page: the French labels change, the English ones stay.
    const fields = block.fields.map((f) => (f.name === 'subject' ? { ...f, label: 'Objet' } : f));
    await admin.call('/fr/website_form/editor/save', { ...block, fields });
    const lines = await tk.sudo().model('website.form.block.field').search_read([['field_name', '=', 'subject'], ['block_id.key', '=', 'contactus']], ['label']);
    expect(lines[0].label).to.equal('Subject');
    const french = await tk.sudo().withLang('fr_FR').model('website.form.block.field').search_read([['field_name', '=', 'subject'], ['block_id.key', '=', 'contactus']], ['label']);
    expect(french[0].label).to.equal('Objet');
    // The model's required field cannot be left out; a disabled model cannot be chosen.
    const noName = await admin.rpc('/website_form/editor/save', { ...block, key: '', fields: fields.filter((f) => f.name !== 'name') });
    expect(noName.error?.data.message).to.contain('required field');
    const staffless = new RpcClient(tk.url);
    await tk.get(UserAccounts).create({ name: 'Clerk', login: 'clerk', password: 'clerk-password-1', groups: ['base.group_user'] });
    await staffless.authenticate('clerk', 'clerk-password-1');
    expect((await staffless.rpc('/website_form/editor/save', { ...block, key: '' })).error?.data.message).to.contain('Only website publishers');
    expect((await admin.rpc('/website_form/editor/save', { ...block, key: '', model: 'res.users' })).error?.data.message).to.contain('not open to website forms');
  });
});
