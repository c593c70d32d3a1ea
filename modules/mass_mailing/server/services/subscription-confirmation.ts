import crypto from 'node:crypto';
import { MailSenders } from '@modules/mail';
import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { deliveryError, MailTransport } from '@platform/mail';
import type { Env } from '@platform/orm';
import { escapeHtml } from './mailing-body';
import { MailingSender } from './mailing-sender';
import { MailingTokens } from './mailing-tokens';

/** Path of the page the confirmation link opens. */
export const CONFIRM_PATH = '/newsletter/confirm';
/** A confirmation link is valid this long after it was mailed. */
export const CONFIRM_LINK_SECONDS = 7 * 86400;

/** The parameters of a confirmation link, as they come back from it. */
export interface ConfirmLink {
  listId: number;
  email: string;
  issuedAt: number;
  token: string;
}

/**
 * The double opt-in mail: a link signed for (list, address, time) that only the address's owner
 * receives. Built on the site's public base URL (as the mailings' links: see MailingSender.baseUrl),
 * never on the request's Host: a mail the site sends must not point where a visitor chose.
 */
@injectable()
export class SubscriptionConfirmation {
  constructor(
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(MailingTokens) private readonly tokens: MailingTokens,
    @inject(MailingSender) private readonly sender: MailingSender,
    @inject(MailSenders) private readonly senders: MailSenders,
  ) {}

  async send(env: Env, siteId: number, list: { id: number; name: string }, email: string): Promise<void> {
    const baseUrl = await this.sender.baseUrl(env, siteId);
    const host = new URL(baseUrl).hostname;
    const issuedAt = Math.floor(Date.now() / 1000);
    const token = (await this.tokens.signer()).confirm(list.id, email, issuedAt);
    const link = `${baseUrl}${CONFIRM_PATH}?${new URLSearchParams({ list_id: String(list.id), email, at: String(issuedAt), token })}`;
    // The site's newsletter sender (Mail settings), else the system sender.
    const from = await this.senders.newsletterFrom(env, siteId);
    const name = escapeHtml(list.name);
    try {
      await this.transport.send({
        from: String(from || `newsletter@${host}`),
        to: email,
        subject: `Confirm your subscription to ${list.name}`,
        html: `<p>Hello,</p><p>Someone, hopefully you, asked to receive <strong>${name}</strong> at this address.</p>`
          + `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>`
          + '<p>If you did not ask for it, ignore this e-mail: you will not be subscribed.</p>',
        text: `Someone, hopefully you, asked to receive ${list.name} at this address.\n\nConfirm your subscription: ${link}\n\n`
          + 'If you did not ask for it, ignore this e-mail: you will not be subscribed.\n',
        messageId: `<newsletter-confirm-${list.id}-${issuedAt}-${crypto.randomUUID()}@${host}>`,
      });
    } catch (err) {
      throw new UserError(`The confirmation e-mail could not be sent (${deliveryError(err).message}). Please try again later.`);
    }
  }

  /** The link's parameters if its token is right and it has not expired; null otherwise. */
  async check(params: Record<string, unknown>): Promise<ConfirmLink | null> {
    const listId = typeof params.list_id === 'string' && /^\d{1,9}$/.test(params.list_id) ? Number(params.list_id) : 0;
    const issuedAt = typeof params.at === 'string' && /^\d{1,12}$/.test(params.at) ? Number(params.at) : 0;
    const email = typeof params.email === 'string' ? params.email : '';
    const now = Date.now() / 1000;
    if (!listId || !email || !issuedAt || issuedAt > now + 300 || now - issuedAt > CONFIRM_LINK_SECONDS) return null;
    const signer = await this.tokens.signer();
    if (!signer.checkConfirm(listId, email, issuedAt, params.token)) return null;
    return { listId, email, issuedAt, token: String(params.token) };
  }
}
