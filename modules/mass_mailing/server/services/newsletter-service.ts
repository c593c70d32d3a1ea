import { injectable } from 'inversify';
import { MissingError, ValidationError } from '@platform/core';
import { type Env, nowUtc, utcText } from '@platform/orm';
import { isValidEmail, normalizeEmail } from './email-address';

export interface PublicList {
  id: number;
  name: string;
  popupContent: string;
  popupRedirectUrl: string;
}

export interface ListSubscription {
  id: number;
  name: string;
  subscribed: boolean;
}

/** Subscribed: not opted out, and confirmed by the address's owner. */
const SUBSCRIBED = (w: any) => w.where((x: any) => x.where('s.opt_out', false).orWhereNull('s.opt_out')).andWhere('s.confirmed', true);
/** At most one confirmation mail per address and list in this time, however often a form names it. */
export const CONFIRMATION_INTERVAL_MS = 10 * 60_000;

export interface SubscriptionRequest {
  /** The address as stored. */
  email: string;
  /** A confirmation mail is to be sent now (not subscribed yet, and none sent recently). */
  mailDue: boolean;
}

/**
 * Subscriptions of e-mail addresses to mailing lists. Acts as superuser (visitors never get rights on
 * these models): callers decide who may ask what. E-mails are compared lower-cased.
 */
@injectable()
export class NewsletterService {
  /** An active list, with its popup in the environment's language; unknown or archived lists are refused. */
  async activeList(env: Env, listId: number): Promise<PublicList> {
    const [list] = await env.sudo().model('mail.mass_mailing.list')
      .search_read([['id', '=', listId], ['active', '=', true]], ['name', 'popup_content', 'popup_redirect_url'], { limit: 1 });
    if (!list) throw new MissingError('This mailing list does not exist.');
    return {
      id: listId, name: String(list.name), popupContent: list.popup_content ? String(list.popup_content) : '',
      popupRedirectUrl: list.popup_redirect_url ? String(list.popup_redirect_url) : '/',
    };
  }

  async activeLists(env: Env): Promise<Array<{ id: number; name: string }>> {
    const rows = await env.sudo().model('mail.mass_mailing.list').search_read([['active', '=', true]], ['name']);
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }

  async isSubscribed(env: Env, listId: number, email: string): Promise<boolean> {
    const row = await env.db('mail_mass_mailing_subscription as s')
      .join('mail_mass_mailing_contact as c', 'c.id', 's.contact_id')
      .where({ 's.list_id': listId, 'c.email': normalizeEmail(email) }).andWhere(SUBSCRIBED).first('s.id');
    return !!row;
  }

  /** Waiting for its owner's confirmation (asked for by a visitor, not confirmed yet). */
  async isPending(env: Env, listId: number, email: string): Promise<boolean> {
    const row = await env.db('mail_mass_mailing_subscription as s')
      .join('mail_mass_mailing_contact as c', 'c.id', 's.contact_id')
      .where({ 's.list_id': listId, 'c.email': normalizeEmail(email), 's.confirmed': false }).first('s.id');
    return !!row;
  }

  /**
   * A subscription asked for by someone who may not own the address (double opt-in): the subscription
   * is kept unconfirmed (an opted-out one stays out) until the owner follows the mailed link, which
   * calls `subscribe`. An address subscribed already is left as it is and gets no mail.
   */
  async requestSubscription(env: Env, listId: number, rawEmail: string): Promise<SubscriptionRequest> {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new ValidationError(`'${rawEmail}' is not a valid e-mail address`);
    await this.activeList(env, listId);
    return env.transaction(async (tx) => {
      const contactId = await this.contactFor(tx, email);
      const table = () => tx.db('mail_mass_mailing_subscription');
      await table().insert({ contact_id: contactId, list_id: listId, opt_out: false, confirmed: false, create_date: nowUtc(), write_date: nowUtc() })
        .onConflict(['contact_id', 'list_id']).ignore();
      const row = await table().where({ contact_id: contactId, list_id: listId }).first();
      if (row.confirmed && !row.opt_out) return { email, mailDue: false };
      if (row.confirmed) await table().where({ id: row.id }).update({ confirmed: false, write_date: nowUtc() });
      // Claimed with one conditional update, so two requests at once send one mail.
      const claimed = await table().where({ id: row.id })
        .andWhere((w) => w.whereNull('confirmation_sent_at').orWhere('confirmation_sent_at', '<', utcText(Date.now() - CONFIRMATION_INTERVAL_MS)))
        .update({ confirmation_sent_at: nowUtc() });
      return { email, mailDue: claimed === 1 };
    });
  }

  /** Lets the next request send a confirmation again (the mail could not be sent). */
  async releaseConfirmation(env: Env, listId: number, email: string): Promise<void> {
    const contact = await env.db('mail_mass_mailing_contact').where({ email: normalizeEmail(email) }).first('id');
    if (contact) await env.db('mail_mass_mailing_subscription').where({ contact_id: contact.id, list_id: listId }).update({ confirmation_sent_at: null });
  }

  /**
   * Subscribes (or re-subscribes) an address, confirmed: for its owner (a signed-in user's own address,
   * a followed confirmation link). Subscribing twice changes nothing. Returns the stored form.
   */
  async subscribe(env: Env, listId: number, rawEmail: string): Promise<string> {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new ValidationError(`'${rawEmail}' is not a valid e-mail address`);
    await this.activeList(env, listId);
    await env.transaction(async (tx) => {
      await this.setOptOut(tx, await this.contactFor(tx, email), listId, false);
    });
    return email;
  }

  /** Every active list, and whether this address is subscribed to it (for the unsubscribe page). */
  async subscriptionsOf(env: Env, rawEmail: string): Promise<ListSubscription[]> {
    const email = normalizeEmail(rawEmail);
    const lists = await this.activeLists(env);
    const rows = await env.db('mail_mass_mailing_subscription as s')
      .join('mail_mass_mailing_contact as c', 'c.id', 's.contact_id')
      .where('c.email', email).andWhere(SUBSCRIBED).select('s.list_id');
    const subscribed = new Set(rows.map((r) => Number(r.list_id)));
    return lists.map((l) => ({ ...l, subscribed: subscribed.has(l.id) }));
  }

  /**
   * Applies the unsubscribe form: opts in to `optIn`, out of `optOut`. Every id must be an active list
   * and no list may be in both; nothing is written otherwise. Returns whether anything was opted out,
   * and whether anything changed at all (the page must not say "saved" when the form changed nothing).
   */
  async updateSubscriptions(env: Env, rawEmail: string, optIn: number[], optOut: number[]): Promise<{ optedOut: boolean; changed: boolean }> {
    const email = normalizeEmail(rawEmail);
    const both = optIn.filter((id) => optOut.includes(id));
    if (both.length) throw new ValidationError(`A list cannot be both kept and left: ${both.join(', ')}`);
    const active = new Set((await this.activeLists(env)).map((l) => l.id));
    const unknown = [...optIn, ...optOut].filter((id) => !active.has(id));
    if (unknown.length) throw new ValidationError(`Unknown mailing list(s): ${unknown.join(', ')}`);
    let optedOut = false;
    let optedIn = false;
    await env.transaction(async (tx) => {
      const contactId = await this.contactFor(tx, email);
      for (const listId of optIn) optedIn = (await this.setOptOut(tx, contactId, listId, false)) || optedIn;
      for (const listId of optOut) optedOut = (await this.setOptOut(tx, contactId, listId, true)) || optedOut;
    });
    return { optedOut, changed: optedIn || optedOut };
  }

  /** Opts an address out of the given lists (one-click unsubscribe); replays change nothing. */
  async optOut(env: Env, rawEmail: string, listIds: number[]): Promise<void> {
    const email = normalizeEmail(rawEmail);
    await env.transaction(async (tx) => {
      const contact = await tx.db('mail_mass_mailing_contact').where({ email }).first('id');
      if (!contact) return;
      for (const listId of listIds) await this.setOptOut(tx, Number(contact.id), listId, true, false);
    });
  }

  /**
   * Returns true when the state changed. Callers act for the address's owner (signed-in user, mailed
   * link or token), so opting in also confirms; opting out leaves a pending request pending.
   */
  private async setOptOut(env: Env, contactId: number, listId: number, optOut: boolean, create = true): Promise<boolean> {
    const existing = await env.db('mail_mass_mailing_subscription').where({ contact_id: contactId, list_id: listId }).first();
    if (!existing) {
      if (!create || optOut) return false; // opting out of a list one never joined changes nothing
      // Two requests subscribing the same address at once: the second finds the first's row taken, which is the same result.
      await env.db('mail_mass_mailing_subscription')
        .insert({ contact_id: contactId, list_id: listId, opt_out: false, confirmed: true, create_date: nowUtc(), write_date: nowUtc() })
        .onConflict(['contact_id', 'list_id']).ignore();
      return true;
    }
    if (Boolean(existing.opt_out) === optOut && (optOut || Boolean(existing.confirmed))) return false;
    const confirmed = optOut ? {} : { confirmed: true };
    await env.db('mail_mass_mailing_subscription').where({ id: existing.id })
      .update({ opt_out: optOut, ...confirmed, unsubscription_date: optOut ? nowUtc() : null, write_date: nowUtc() });
    return true;
  }

  private async contactFor(env: Env, email: string): Promise<number> {
    const found = await env.db('mail_mass_mailing_contact').where({ email }).first('id');
    if (found) return Number(found.id);
    await env.db('mail_mass_mailing_contact').insert({ email, name: email, create_date: nowUtc(), write_date: nowUtc() }).onConflict('email').ignore();
    return Number((await env.db('mail_mass_mailing_contact').where({ email }).first('id')).id);
  }
}
