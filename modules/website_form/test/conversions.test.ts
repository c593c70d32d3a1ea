import { expect } from 'chai';
import { convertValue, type ConversionContext, dateInputProblem, fileFieldName, type FormFieldSpec, groupPosted, isKnownTimeZone, withoutLeadingZeros } from '../common/form-values';
import { momentDateParser } from '../common/date-parser';

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

  it('the browser check: empty is valid, else the spec\'s two messages', () => {
    const c = ctx();
    expect(dateInputProblem('', 'date', c)).to.equal(null);
    expect(dateInputProblem('  ', 'datetime', c)).to.equal(null);
    expect(dateInputProblem('1/2/2026', 'date', c)).to.equal(null);
    expect(dateInputProblem('tomorrow', 'date', c)).to.equal("'tomorrow' is not a correct date");
    expect(dateInputProblem('1/2/2026', 'datetime', c)).to.equal("'1/2/2026' is not a correct datetime");
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
