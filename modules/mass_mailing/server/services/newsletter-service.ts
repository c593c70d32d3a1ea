import { injectable } from 'inversify';
import { MissingError, ValidationError } from '../../../../platform/kernel/errors';
import type { Env } from '../../../../platform/orm/environment';
import { nowUtc } from '../../../../platform/orm/sql-values';
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

const SUBSCRIBED = (w: any) => w.where('s.opt_out', false).orWhereNull('s.opt_out');

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

  /** Subscribes (or re-subscribes) an address; subscribing twice changes nothing. Returns the stored form. */
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
   * and no list may be in both; nothing is written otherwise. Returns whether anything was opted out.
   */
  async updateSubscriptions(env: Env, rawEmail: string, optIn: number[], optOut: number[]): Promise<{ optedOut: boolean }> {
    const email = normalizeEmail(rawEmail);
    const both = optIn.filter((id) => optOut.includes(id));
    if (both.length) throw new ValidationError(`A list cannot be both kept and left: ${both.join(', ')}`);
    const active = new Set((await this.activeLists(env)).map((l) => l.id));
    const unknown = [...optIn, ...optOut].filter((id) => !active.has(id));
    if (unknown.length) throw new ValidationError(`Unknown mailing list(s): ${unknown.join(', ')}`);
    let optedOut = false;
    await env.transaction(async (tx) => {
      const contactId = await this.contactFor(tx, email);
      for (const listId of optIn) await this.setOptOut(tx, contactId, listId, false);
      for (const listId of optOut) optedOut = (await this.setOptOut(tx, contactId, listId, true)) || optedOut;
    });
    return { optedOut };
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

  /** Returns true when the state changed. */
  private async setOptOut(env: Env, contactId: number, listId: number, optOut: boolean, create = true): Promise<boolean> {
    const existing = await env.db('mail_mass_mailing_subscription').where({ contact_id: contactId, list_id: listId }).first();
    if (!existing) {
      if (!create || optOut) return false; // opting out of a list one never joined changes nothing
      // Two requests subscribing the same address at once: the second finds the first's row taken, which is the same result.
      await env.db('mail_mass_mailing_subscription')
        .insert({ contact_id: contactId, list_id: listId, opt_out: false, create_date: nowUtc(), write_date: nowUtc() })
        .onConflict(['contact_id', 'list_id']).ignore();
      return true;
    }
    if (Boolean(existing.opt_out) === optOut) return false;
    await env.db('mail_mass_mailing_subscription').where({ id: existing.id })
      .update({ opt_out: optOut, unsubscription_date: optOut ? nowUtc() : null, write_date: nowUtc() });
    return true;
  }

  private async contactFor(env: Env, email: string): Promise<number> {
    const found = await env.db('mail_mass_mailing_contact').where({ email }).first('id');
    if (found) return Number(found.id);
    await env.db('mail_mass_mailing_contact').insert({ email, name: email, create_date: nowUtc(), write_date: nowUtc() }).onConflict('email').ignore();
    return Number((await env.db('mail_mass_mailing_contact').where({ email }).first('id')).id);
  }
}
