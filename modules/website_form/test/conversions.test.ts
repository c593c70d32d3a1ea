import { expect } from 'chai';
import { convertValue, type ConversionContext, fileFieldName, type FormFieldSpec, groupPosted, isKnownTimeZone, withoutLeadingZeros } from '../common/form-values';
import { momentDateParser } from '../web/form/moment-date-parser';
import type { FormInput } from '../common/form-block';
import { formSchema, initialFormValues, MESSAGES, postedFormValues, schemaErrors } from '../common/form-schema';

const ctx = (o: Partial<ConversionContext> = {}): ConversionContext => ({ dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm:ss', parse: momentDateParser, timeZone: 'UTC', ...o });
const spec = (type: FormFieldSpec['type'], o: Partial<FormFieldSpec> = {}): FormFieldSpec => ({ name: 'f', type, ...o });
const ok = (s: FormFieldSpec, raw: string[], c = ctx()) => {
  const r = convertValue(s, raw, c);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.value;
};
const refused = (s: FormFieldSpec, raw: string[], c = ctx()) => {
  const r = convertValue(s, raw, c);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.value)}`);
  return r.message;
};

describe('website_form: value conversions (common/, shared with the browser)', () => {
  it('booleans: "false", "0", "off", "no" are false; "true", "on", "1", "yes" are true; anything else is refused', () => {
    for (const t of ['true', 'on', '1', 'yes', 'TRUE', ' On ']) expect(ok(spec('boolean'), [t])).to.equal(true);
    for (const f of ['false', '0', 'off', 'no', 'False']) expect(ok(spec('boolean'), [f])).to.equal(false);
    refused(spec('boolean'), ['maybe']);
  });

  it('texts as typed, repeated names joined, sizes enforced', () => {
    expect(ok(spec('char', { size: 10 }), ['hello'])).to.equal('hello');
    expect(ok(spec('char'), ['a', 'b'])).to.equal('a, b');
    expect(refused(spec('char', { size: 3 }), ['hello'])).to.equal('At most 3 characters.');
    expect(ok(spec('text'), ['line 1', 'line 2'])).to.equal('line 1\nline 2');
    refused(spec('text'), ['x'.repeat(10_001)]);
  });

  it('numbers, selections and relations', () => {
    expect(ok(spec('integer'), ['42'])).to.equal(42);
    expect(ok(spec('integer'), ['-7'])).to.equal(-7);
    refused(spec('integer'), ['4.2']);
    refused(spec('integer'), ['12abc']);
    expect(ok(spec('float'), ['3.25'])).to.equal(3.25);
    expect(ok(spec('float'), ['3,5'])).to.equal(3.5);
    refused(spec('float'), ['NaN']);
    expect(ok(spec('selection', { selection: ['a', 'b'] }), ['b'])).to.equal('b');
    refused(spec('selection', { selection: ['a', 'b'] }), ['c']);
    expect(ok(spec('many2one'), ['12'])).to.equal(12);
    refused(spec('many2one'), ['0']);
    refused(spec('many2one'), ['1,2']);
    expect(ok(spec('many2many'), ['1', '2', '2'])).to.deep.equal([1, 2]);
    expect(ok(spec('many2many'), ['3,4'])).to.deep.equal([3, 4]);
    refused(spec('many2many'), ['1', 'x']);
    refused(spec('many2many'), [Array.from({ length: 51 }, (_, i) => i + 1).join(',')]);
  });

  it('dates parse strictly in the language format, with or without leading zeros', () => {
    expect(ok(spec('date'), ['03/07/2026'])).to.equal('2026-03-07');
    expect(ok(spec('date'), ['3/7/2026'])).to.equal('2026-03-07');
    expect(ok(spec('date'), ['07/03/2026'], ctx({ dateFormat: 'DD/MM/YYYY' }))).to.equal('2026-03-07');
    expect(refused(spec('date'), ['2026-03-07'])).to.equal("'2026-03-07' is not a correct date");
    expect(refused(spec('date'), ['02/30/2026'])).to.equal("'02/30/2026' is not a correct date");
    expect(refused(spec('date'), ['13/01/2026'])).to.equal("'13/01/2026' is not a correct date");
    expect(withoutLeadingZeros('DD/MM/YYYY HH:mm:ss')).to.equal('D/M/YYYY H:mm:ss');
  });

  it('datetimes parse strictly and are stored in UTC from the visitor\'s time zone', () => {
    expect(ok(spec('datetime'), ['03/07/2026 14:30:00'])).to.equal('2026-03-07 14:30:00');
    expect(ok(spec('datetime'), ['3/7/2026 9:05:00'])).to.equal('2026-03-07 09:05:00');
    // Paris is UTC+1 in winter and UTC+2 in summer.
    expect(ok(spec('datetime'), ['01/15/2026 10:00:00'], ctx({ timeZone: 'Europe/Paris' }))).to.equal('2026-01-15 09:00:00');
    expect(ok(spec('datetime'), ['07/15/2026 10:00:00'], ctx({ timeZone: 'Europe/Paris' }))).to.equal('2026-07-15 08:00:00');
    expect(ok(spec('datetime'), ['12/31/2026 23:30:00'], ctx({ timeZone: 'America/New_York' }))).to.equal('2027-01-01 04:30:00');
    expect(refused(spec('datetime'), ['03/07/2026'])).to.equal("'03/07/2026' is not a correct datetime");
    expect(refused(spec('datetime'), ['03/07/2026 25:00:00'])).to.equal("'03/07/2026 25:00:00' is not a correct datetime");
  });

  it('repeated names become lists, empty values are dropped, files belong to name[index]\'s name', () => {
    expect(groupPosted({ a: 'x', b: ['1', '', '2'], c: '', d: ['', ' '] })).to.deep.equal({ a: ['x'], b: ['1', '2'] });
    expect(fileFieldName('attachment_ids[0]')).to.equal('attachment_ids');
    expect(fileFieldName('attachment_ids[12]')).to.equal('attachment_ids');
    expect(fileFieldName('cv')).to.equal('cv');
    expect(isKnownTimeZone('Europe/Paris')).to.equal(true);
    expect(isKnownTimeZone('Mars/Base')).to.equal(false);
  });
});

describe('website_form: the form schema (common/: formik in the browser, the endpoint on the post)', () => {
  const input = (name: string, type: FormInput['type'], o: Partial<FormInput> = {}): FormInput => ({ name, label: name, type, required: false, placeholder: '', choices: [], checkChoices: true, ...o });
  const inputs: FormInput[] = [
    input('name', 'text', { required: true }),
    input('email', 'email', { required: true }),
    input('site', 'url'),
    input('count', 'number'),
    input('day', 'date'),
    input('meeting', 'datetime'),
    input('topics', 'checkboxes', { required: true, choices: [['a', 'A'], ['b', 'B']] }),
    input('agree', 'checkbox', { required: true }),
    input('size', 'select', { choices: [['s', 'S'], ['m', 'M']] }),
    input('country_id', 'select', { choices: [['1', 'France']], checkChoices: false }),
    input('files', 'file'),
    input('source', 'hidden', { placeholder: 'Contact page' }),
  ];
  const schema = formSchema(inputs, { dateFormat: 'DD/MM/YYYY', timeFormat: 'HH:mm', parse: momentDateParser, t: (s) => s });
  const good = { ...initialFormValues(inputs), name: 'Ada', email: 'ada@example.com', topics: ['a'], agree: true };
  const errorsOf = (values: Record<string, unknown>) => schemaErrors(schema, { ...good, ...values } as never);

  it('a complete form passes; empty optional fields, dates included, are valid', async () => {
    expect(await errorsOf({})).to.deep.equal({});
    expect(await errorsOf({ day: '', meeting: '   ', site: '', count: '' })).to.deep.equal({});
  });

  it('required fields, a required checkbox group (one ticked) and a required checkbox', async () => {
    expect(await errorsOf({ name: ' ', topics: [], agree: false })).to.deep.equal({ name: MESSAGES.required, topics: MESSAGES.tickOne, agree: MESSAGES.required });
    // formik hands the schema undefined for an emptied field.
    expect(await errorsOf({ email: undefined })).to.deep.equal({ email: MESSAGES.required });
  });

  it('types: e-mail, web address, number, choices (a relation\'s ids are the server\'s to check)', async () => {
    expect(await errorsOf({ email: 'ada@', site: 'example', count: '12x', size: 'xl', topics: ['a', 'z'], country_id: '999' }))
      .to.deep.equal({ email: MESSAGES.email, site: MESSAGES.url, count: MESSAGES.number, size: MESSAGES.choice, topics: MESSAGES.choice });
    expect(await errorsOf({ site: 'https://example.com/x', count: '-3,5', size: 'm' })).to.deep.equal({});
  });

  it('dates and datetimes parse strictly in the language\'s format, with or without leading zeros, with the spec\'s messages', async () => {
    expect(await errorsOf({ day: '07/03/2026', meeting: '7/3/2026 9:05' })).to.deep.equal({});
    expect(await errorsOf({ day: '31/02/2026', meeting: '07/03/2026' })).to.deep.equal({
      day: "'31/02/2026' is not a correct date", meeting: "'07/03/2026' is not a correct datetime",
    });
    // Messages in the page's language: the template is translated, then the text typed put in.
    const french = formSchema(inputs, { dateFormat: 'DD/MM/YYYY', timeFormat: 'HH:mm', parse: momentDateParser, t: (s) => (s === "'%s' is not a correct date" ? "'%s' n'est pas une date correcte" : s) });
    expect((await schemaErrors(french, { ...good, day: 'demain' })).day).to.equal("'demain' n'est pas une date correcte");
  });

  it('files: at most the count, each under the size, of an accepted type', async () => {
    expect(await errorsOf({ files: [{ name: 'a.pdf', size: 10 }, { name: 'b.PNG', size: 10 }] })).to.deep.equal({});
    expect((await errorsOf({ files: Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, size: 1 })) })).files).to.equal('At most 5 files.');
    expect((await errorsOf({ files: [{ name: 'big.pdf', size: 6 * 1024 * 1024 }] })).files).to.equal('A file is too large: at most 5 MB each.');
    expect((await errorsOf({ files: [{ name: 'run.exe', size: 10 }] })).files).to.equal(MESSAGES.fileType);
  });

  it('the server reads a post in the same shape: lists, "false" unticked, files by field, typed values kept', () => {
    const posted = postedFormValues(inputs, { name: ['Ada'], topics: ['a', 'b'], agree: ['false'] }, [{ field: 'files', name: 'a.pdf', size: 3 }, { field: 'other', name: 'b.pdf', size: 3 }]);
    expect(posted).to.include({ name: 'Ada', agree: false, email: '' });
    expect(posted.topics).to.deep.equal(['a', 'b']);
    expect(posted.files).to.deep.equal([{ name: 'a.pdf', size: 3 }]);
    expect(posted).to.not.have.property('source');
    expect(initialFormValues(inputs, { agree: 'on', topics: 'b' })).to.include({ agree: true }).and.to.have.deep.property('topics', ['b']);
  });
});
