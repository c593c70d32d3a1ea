import type { Env } from '@platform/orm';

/** A list with the given subscribers (their contacts created as needed). */
export async function listWith(env: Env, name: string, emails: string[]): Promise<number> {
  const listId = await env.model('mail.mass_mailing.list').create({ name });
  for (const email of emails) {
    const [found] = await env.model('mail.mass_mailing.contact').search([['email', '=', email.toLowerCase()]]);
    const contactId = found ?? await env.model('mail.mass_mailing.contact').create({ email, name: email.split('@')[0] });
    await env.model('mail.mass_mailing.subscription').create({ contact_id: contactId, list_id: listId });
  }
  return listId;
}

/** Mailings are only sent from a site with a postal address (their footer shows it): the sites of a test get one. */
export async function givePostalAddress(env: Env, address = '12 Harbour Street\nSpringfield'): Promise<void> {
  await env.db('website').where((q) => q.whereNull('contact_address').orWhere('contact_address', '')).update({ contact_address: address });
}

export async function mailingFor(env: Env, listIds: number[], body = '<p>Hello! Read <a href="https://example.com/news?a=1&amp;b=2">the news</a>.</p>'): Promise<number> {
  await givePostalAddress(env);
  return env.model('mail.mass_mailing').create({
    subject: 'Our news', body_html: body, email_from: 'news@example.com', mailing_list_ids: [[6, 0, listIds]],
  });
}

export async function setBaseUrl(env: Env, url: string): Promise<void> {
  await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: url }).onConflict('key').merge();
}
