import { expect } from 'chai';
import { EMAIL_RE } from '@platform/common';
import { isValidEmail, MAILING_MESSAGES, mailingDraftSchema, SUBJECT_MAX, testMailSchema } from '../common/mailing-schema';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

describe('mass_mailing: the composer\'s shared rules (common/mailing-schema.ts)', function () {
  this.timeout(60_000);
  let tk: TestKernel | undefined;
  after(async () => tk?.stop());

  it('the e-mail rule is the server\'s one (EMAIL_RE, 254 characters), not a looser copy', async () => {
    for (const good of ['news@example.com', 'Me.Too+x@sub.example.org']) expect(isValidEmail(good), good).to.equal(true);
    for (const bad of ['me@', 'a@b', 'a b@example.com', 'news@example.c', `${'x'.repeat(250)}@example.com`]) expect(isValidEmail(bad), bad).to.equal(false);
    expect(isValidEmail('a@b.c0m')).to.equal(EMAIL_RE.test('a@b.c0m'));
    await testMailSchema.validate({ email: ' Me@Example.com ' });
    await testMailSchema.validate({ email: 'a@b' }).then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(MAILING_MESSAGES.email));
    await testMailSchema.validate({ email: '  ' }).then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(MAILING_MESSAGES.email));
  });

  it('a mailing needs a subject within the header limit; its sender is an address or nothing', async () => {
    await mailingDraftSchema.validate({ subject: 'News', email_from: '' });
    await mailingDraftSchema.validate({ subject: 'News', email_from: 'news@example.com' });
    const refused = async (v: object) => mailingDraftSchema.validate(v, { abortEarly: false }).then(() => [], (e: { errors: string[] }) => e.errors);
    expect(await refused({ subject: ' ', email_from: 'news@' })).to.deep.equal([MAILING_MESSAGES.subjectRequired, MAILING_MESSAGES.email]);
    expect(await refused({ subject: 'x'.repeat(SUBJECT_MAX + 1) })).to.deep.equal([MAILING_MESSAGES.subjectTooLong]);
  });

  it('the model holds call_kw to the same rules: a bad sender or an overlong subject is refused', async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
    const mailings = tk.sudo().model('mail.mass_mailing');
    const id = await mailings.create({ subject: 'Fine', email_from: 'news@example.com' });
    await mailings.write([id], { email_from: 'news@' }).then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(MAILING_MESSAGES.email));
    await mailings.create({ subject: 'x'.repeat(SUBJECT_MAX + 1) }).then(() => expect.fail('accepted'), (e: Error) => expect(e.message).to.equal(MAILING_MESSAGES.subjectTooLong));
    const [row] = await mailings.read([id], ['email_from']);
    expect(row.email_from).to.equal('news@example.com');
  });
});
