import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { parseCsv } from '../server/services/csv-records';
import type { ImportCheck, ImportRow, Refusal } from '../server/services/contact-import';
import { IMPORT_LIMITS } from '../server/services/contact-import';
import { EventLoopProbe } from './support/event-loop-probe';

/** What the back office does: check the file, then send the lines back in batches. */
async function importFile(client: RpcClient, listId: number, file: string, batch = 200): Promise<{ check: ImportCheck; added: number; refused: Refusal[] }> {
  const check = await client.call<ImportCheck>('/mass_mailing/import/check', { list_id: listId, file });
  let added = 0;
  const refused = [...check.refused];
  for (let i = 0; i < check.rows.length; i += batch) {
    const r = await client.call<{ added: number; refused: Refusal[] }>('/mass_mailing/import/batch', { list_id: listId, rows: check.rows.slice(i, i + batch) });
    added += r.added;
    refused.push(...r.refused);
  }
  return { check, added, refused };
}

describe('mass_mailing: CSV import of contacts', function () {
  this.timeout(30000);
  let tk: TestKernel;
  let admin: RpcClient;
  let newsletter: RpcClient;
  const listCount = async (listId: number) => Number((await tk.sudo().db('mail_mass_mailing_subscription').where({ list_id: listId }).count({ n: '*' }).first())!.n);

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const accounts = new UserAccounts(() => tk.sudo());
    await accounts.create({ name: 'Marketer', login: 'marketer', password: 'marketer-password', groups: ['mass_mailing.group_mass_mailing_user'] });
    newsletter = new RpcClient(tk.url);
    await newsletter.authenticate('marketer', 'marketer-password');
  });
  after(async () => tk?.stop());

  it('parses quoted cells, semicolons, CRLF and a byte order mark, keeping line numbers', async () => {
    expect(await parseCsv('\uFEFFname;email\r\n"Dupont; Jean";jean@example.com\r\n\r\n"Multi\nline";"a""b@example.com"\n')).to.deep.equal([
      { line: 1, cells: ['name', 'email'] },
      { line: 2, cells: ['Dupont; Jean', 'jean@example.com'] },
      { line: 4, cells: ['Multi\nline', 'a"b@example.com'] },
    ]);
    expect(await parseCsv('email,name\nx@example.com,"X, Y"')).to.deep.equal([{ line: 1, cells: ['email', 'name'] }, { line: 2, cells: ['x@example.com', 'X, Y'] }]);
    // A quote inside an unquoted cell is text; old Mac line ends (CR) count as lines.
    expect(await parseCsv('email,name\rx@example.com,Jean "JJ" Doe\r\ry@example.com,Y')).to.deep.equal([
      { line: 1, cells: ['email', 'name'] }, { line: 2, cells: ['x@example.com', 'Jean "JJ" Doe'] }, { line: 4, cells: ['y@example.com', 'Y'] },
    ]);
  });

  it('a 2 MB file with a quote never closed: the error names its line and cell, and other requests go on meanwhile', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import F' });
    const pad = 'x'.repeat(70);
    const lines = ['name,email,note'];
    for (let i = 2; lines.length < 19_000; i++) lines.push(i === 1234 ? '"Dupont, Jean,jean@example.com,never closed' : `Person ${i},person${i}@example.com,${pad}`);
    const file = lines.join('\n').slice(0, IMPORT_LIMITS.maxBytes - 10);
    expect(Buffer.byteLength(file)).to.be.above(IMPORT_LIMITS.maxBytes - 100 * 1024);
    // The request body is made before the probe starts: only the server's work is measured.
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { list_id: listId, file }, id: 1 });
    const probe = new EventLoopProbe();
    let answer;
    try {
      const res = await newsletter.fetch('/mass_mailing/import/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      answer = (await res.json()) as { error?: { data: { name: string; message: string } } };
    } finally {
      probe.stop();
    }
    console.log(`      event loop held at most ${probe.heldMs.toFixed(0)} ms (late timer at most ${probe.worstWallMs.toFixed(0)} ms) checking a ${(file.length / 1024 / 1024).toFixed(1)} MB file (${tk.sudo().dialect})`);
    expect(answer.error?.data).to.deep.include({
      name: 'UserError',
      message: 'Line 1234: the quote (") that opens cell 1 is never closed, so the rest of the file would be read as one cell. '
        + 'Close it or remove it, then import the file again. The line starts with: "Dupont, Jean,jean@example.com,never closed',
    });
    // 0.9-1.5 s before slicing; ~40 ms on an idle machine: 200 leaves room for a loaded CI runner.
    expect(probe.heldMs).to.be.below(200);
    expect(await listCount(listId)).to.equal(0);
    // After blank lines and a multi-line cell, the line is still the one the quote is on.
    const small = await newsletter.rpc('/mass_mailing/import/check', { list_id: listId, file: 'email;name\n\na@example.com;"A\nB"\n\n\nb@example.com;"open' });
    expect(small.error?.data.message).to.match(/^Line 7: the quote \(\"\) that opens cell 2 is never closed.*starts with: b@example.com;"open$/);
  });

  it('imports good lines and reports every refused line with its reason; a second import adds nothing', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import A' });
    const other = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Other' });
    // A contact already known from another list is subscribed, not duplicated.
    const known = await tk.sudo().model('mail.mass_mailing.contact').create({ email: 'known@example.com', name: 'Known' });
    await tk.sudo().model('mail.mass_mailing.subscription').create({ contact_id: known, list_id: other });
    const existing = await tk.sudo().model('mail.mass_mailing.contact').create({ email: 'inlist@example.com' });
    await tk.sudo().model('mail.mass_mailing.subscription').create({ contact_id: existing, list_id: listId });
    const file = [
      'Name;E-mail;Company',
      'Ann;Ann@Example.com;ACME', // 2: ok, lower-cased
      'Bob;not-an-address;ACME', // 3: invalid
      'Carl;;ACME', // 4: missing
      'Ann again;ann@example.com;ACME', // 5: duplicate in file
      `${'x'.repeat(300)};long@example.com;ACME`, // 6: name too long
      `Long;${'a'.repeat(250)}@example.com;ACME`, // 7: e-mail too long
      'In list;inlist@example.com;ACME', // 8: already in list
      'Known;known@example.com;ACME', // 9: ok, existing contact
      'Dee;dee@example.com', // 10: ok, short line
    ].join('\n');
    const first = await importFile(newsletter, listId, file);
    expect(first.check.lines).to.equal(9);
    expect(first.check.ignoredColumns).to.deep.equal(['Company']);
    expect(first.added).to.equal(3);
    expect(first.refused.map((r) => [r.line, r.reason])).to.deep.equal([
      [3, 'invalid_email'], [4, 'missing_email'], [5, 'duplicate_in_file'], [6, 'too_long'], [7, 'too_long'], [8, 'already_in_list'],
    ]);
    const emails = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['list_id', '=', listId]], ['contact_id']);
    expect(emails.map((s) => (s.contact_id as [number, string])[1]).sort()).to.deep.equal(['ann@example.com', 'dee@example.com', 'inlist@example.com', 'known@example.com']);
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', 'known@example.com']])).to.equal(1);
    const [ann] = await tk.sudo().model('mail.mass_mailing.contact').search_read([['email', '=', 'ann@example.com']], ['name']);
    expect(ann.name).to.equal('Ann');
    // Imported contacts are confirmed subscribers: the list counts them.
    const [list] = await tk.sudo().model('mail.mass_mailing.list').read([listId], ['contact_nbr']);
    expect(list.contact_nbr).to.equal(4);

    const second = await importFile(newsletter, listId, file);
    expect(second.added).to.equal(0);
    expect(second.check.rows).to.deep.equal([]);
    expect(second.refused.filter((r) => r.reason === 'already_in_list').map((r) => r.line)).to.deep.equal([2, 8, 9, 10]);
    expect(await listCount(listId)).to.equal(4);
  });

  it('checks the lines of a batch again: a browser cannot slip in a bad address or a duplicate', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import B' });
    const rows: ImportRow[] = [
      { line: 2, name: 'Ok', email: 'ok@example.com' },
      { line: 3, name: 'Bad', email: 'bad' },
      { line: 4, name: 'Dup', email: 'OK@example.com' },
    ];
    const r = await newsletter.call<{ added: number; refused: Refusal[] }>('/mass_mailing/import/batch', { list_id: listId, rows });
    expect(r.added).to.equal(1);
    expect(r.refused.map((x) => [x.line, x.reason])).to.deep.equal([[3, 'invalid_email'], [4, 'duplicate_in_file']]);
    const again = await newsletter.call<{ added: number; refused: Refusal[] }>('/mass_mailing/import/batch', { list_id: listId, rows: rows.slice(0, 1) });
    expect(again).to.deep.equal({ added: 0, refused: [{ line: 2, email: 'ok@example.com', reason: 'already_in_list' }] });
    const tooMany = Array.from({ length: IMPORT_LIMITS.batch + 1 }, (_, i) => ({ line: i + 2, name: '', email: `m${i}@example.com` }));
    expect((await newsletter.rpc('/mass_mailing/import/batch', { list_id: listId, rows: tooMany })).error?.data.name).to.equal('ValidationError');
    expect(await listCount(listId)).to.equal(1);
  });

  it('refuses files that are too big, too long, empty or without an e-mail column, writing nothing', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import C' });
    const lines = ['email', ...Array.from({ length: IMPORT_LIMITS.maxLines + 1 }, (_, i) => `l${i}@example.com`)].join('\n');
    const big = `email,name\nbig@example.com,${'x'.repeat(IMPORT_LIMITS.maxBytes)}`;
    const cases: Array<[string, string]> = [
      [lines, `The file has more than ${IMPORT_LIMITS.maxLines} lines: split it into smaller files.`],
      [big, 'The file is larger than 2 MB: split it into smaller files.'],
      ['\n\n', 'The file is empty.'],
      ['name,phone\nAnn,123', 'The first line must name the columns, one of them "email" (and "name" if you have names).'],
    ];
    for (const [file, message] of cases) {
      const answer = await newsletter.rpc('/mass_mailing/import/check', { list_id: listId, file });
      expect(answer.error?.data, message).to.deep.include({ name: 'UserError', message });
    }
    expect((await newsletter.rpc('/mass_mailing/import/check', { list_id: 999999, file: 'email\na@example.com' })).error?.data.message).to.equal('This mailing list does not exist.');
    expect(await listCount(listId)).to.equal(0);
  });

  it('portal users and internal users outside the newsletter group cannot import; visitors must sign in', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import D' });
    const accounts = new UserAccounts(() => tk.sudo());
    await accounts.create({ name: 'Employee', login: 'employee', password: 'employee-password', groups: ['base.group_user'] });
    await accounts.create({ name: 'Portal', login: 'portal', password: 'portal-password', groups: ['base.group_portal'] });
    const employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'employee-password');
    const portal = new RpcClient(tk.url);
    await portal.authenticate('portal', 'portal-password');
    const file = 'email\nsneaky@example.com';
    const rows = [{ line: 2, name: '', email: 'sneaky@example.com' }];
    for (const client of [employee, portal]) {
      expect((await client.rpc('/mass_mailing/import/check', { list_id: listId, file })).error?.data.name).to.equal('AccessError');
      expect((await client.rpc('/mass_mailing/import/batch', { list_id: listId, rows })).error?.data.name).to.equal('AccessError');
    }
    expect((await new RpcClient(tk.url).rpc('/mass_mailing/import/check', { list_id: listId, file })).error?.code).to.equal(100);
    expect(await listCount(listId)).to.equal(0);
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', 'sneaky@example.com']])).to.equal(0);
    // Administrators may.
    expect((await importFile(admin, listId, file)).added).to.equal(1);
  });

  it('imports 1,000 contacts in a few seconds', async () => {
    const listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Import E' });
    const file = ['name,email', ...Array.from({ length: 1000 }, (_, i) => `Person ${i},person${i}@example.com`)].join('\n');
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const r = await importFile(newsletter, listId, file);
    const cpu = process.cpuUsage(cpuBefore);
    const ms = Date.now() - started;
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    expect(r.added).to.equal(1000);
    expect(r.refused).to.deep.equal([]);
    expect(await listCount(listId)).to.equal(1000);
    console.log(`      1,000 contacts imported in ${ms} ms, ${cpuMs} ms CPU (${tk.sudo().dialect})`);
    // The server runs in this process, so its CPU time is the work the import costs; wall time on a
    // loaded machine also counts other processes' turns (it failed a 5 s wall bound at load 10). The
    // wall bound stays as a guard against waits (a lock, a per-row round trip stuck on a timer).
    expect(cpuMs).to.be.below(5000);
    expect(ms).to.be.below(20000);
  });
});
