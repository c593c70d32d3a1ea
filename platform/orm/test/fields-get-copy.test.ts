import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { AccessError, MissingError, ValidationError } from '@platform/core/errors';
import { callKw } from '../call-kw';
import type { Env } from '../environment';
import type { FieldDescription } from '../model';
import type { Row } from '../record-reader';
import { bootOrmTest, internalEnv, publicEnv, rejects, seed, type Seed } from './support';

describe('orm: fields_get and copy through call_kw', () => {
  let tk: TestKernel;
  let sudo: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    sudo = tk.sudo();
    s = await seed(sudo);
  });
  after(async () => tk?.stop());

  it('describes every field type with the original platform\'s keys', async () => {
    const f = (await callKw(await internalEnv(tk), 'test.thing', 'fields_get', [])) as Record<string, FieldDescription>;
    expect(f.name).to.include({ type: 'char', string: 'Name', required: true, readonly: false, size: 64, translate: false });
    expect(f.title).to.include({ type: 'char', translate: true });
    expect(f.state.selection).to.deep.equal([['draft', 'Draft'], ['open', 'Open'], ['done', 'Done']]);
    expect(f.category_id).to.include({ type: 'many2one', relation: 'test.category', string: 'Category' });
    expect(f.tag_ids).to.include({ type: 'many2many', relation: 'test.tag', sortable: false });
    expect(f.line_ids).to.include({ type: 'one2many', relation: 'test.line', relation_field: 'thing_id', store: false });
    expect(f.code.readonly, 'readonly field').to.equal(true);
    expect(f.total.readonly, 'computed field').to.equal(true);
    expect(f.create_date).to.include({ type: 'datetime', readonly: true });
    for (const type of ['text', 'html', 'integer', 'float', 'monetary', 'boolean', 'date', 'datetime', 'binary', 'json']) {
      expect(Object.values(f).some((d) => d.type === type), type).to.equal(true);
    }
  });

  it('keeps only the attributes asked for, and the fields named', async () => {
    const f = await callKw(sudo, 'test.thing', 'fields_get', [['name', 'state']], { attributes: ['type', 'string'] });
    expect(f).to.deep.equal({ name: { type: 'char', string: 'Name' }, state: { type: 'selection', string: 'State' } });
    await rejects(callKw(sudo, 'test.thing', 'fields_get', [['nope']]), ValidationError, /Invalid field 'nope'/);
  });

  it('leaves out fields restricted to groups the caller is not in, and refuses models it cannot read', async () => {
    const pub = await publicEnv(tk);
    const forPublic = (await callKw(pub, 'test.note', 'fields_get', [])) as Record<string, FieldDescription>;
    expect(forPublic).to.not.have.property('memo');
    await rejects(callKw(pub, 'test.note', 'fields_get', [['memo']]), AccessError);
    const forUser = (await callKw(await internalEnv(tk), 'test.note', 'fields_get', [])) as Record<string, FieldDescription>;
    expect(forUser).to.have.property('memo');
    await rejects(callKw(pub, 'test.secret', 'fields_get', []), AccessError);
    await rejects(callKw(pub, 'res.partner', 'fields_get', []), AccessError);
  });

  it('copies a record: relations kept, name marked, read-only and one2many fields left out, defaults applied', async () => {
    const user = await internalEnv(tk);
    await sudo.model('test.thing').write([s.thing.alpha], { title: { en_US: 'Hello', fr_FR: 'Bonjour' } });
    const id = (await callKw(user, 'test.thing', 'copy', [s.thing.alpha], { default: { qty: 7 } })) as number;
    const [copy] = (await sudo.model('test.thing').read([id], ['name', 'qty', 'price', 'category_id', 'tag_ids', 'line_ids', 'code', 'total', 'state'])) as Row[];
    expect(copy.name).to.equal('Alpha (copy)');
    expect(copy.qty).to.equal(7);
    expect(copy.price).to.equal(10);
    expect((copy.category_id as [number, string])[0]).to.equal(s.cat.a);
    expect([...(copy.tag_ids as number[])].sort()).to.deep.equal([s.tag.red, s.tag.green].sort());
    expect(copy.line_ids).to.deep.equal([]);
    expect(copy.code, 'readonly field not copied').to.equal(false);
    expect(copy.total, 'stored compute recomputed').to.equal(70);
    const fr = (await callKw(user, 'test.thing', 'read', [[id], ['title']], { context: { lang: 'fr_FR' } })) as Row[];
    expect(fr[0].title, 'every language copied').to.equal('Bonjour');
  });

  it('copies under the caller\'s rights and record rules, writing nothing when refused', async () => {
    const pub = await publicEnv(tk);
    const before = await sudo.model('test.thing').search_count([]);
    await rejects(callKw(pub, 'test.thing', 'copy', [s.thing.alpha]), AccessError, /create/);
    // beta is unpublished: the public's read rule hides it.
    await rejects(callKw(pub, 'test.thing', 'copy', [s.thing.beta]), AccessError);
    await rejects(callKw(await internalEnv(tk), 'test.category', 'copy', [s.cat.a]), AccessError, /create/);
    await rejects(callKw(sudo, 'test.thing', 'copy', [999999]), MissingError);
    await rejects(callKw(sudo, 'test.thing', 'copy', ['x']), ValidationError);
    await rejects(callKw(sudo, 'test.thing', 'copy', [s.thing.alpha, [1]]), ValidationError);
    await rejects(callKw(sudo, 'test.thing', 'copy', [s.thing.alpha], { default: { nope: 1 } }), ValidationError);
    expect(await sudo.model('test.thing').search_count([])).to.equal(before);
  });
});
