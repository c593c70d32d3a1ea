import type { OutgoingMail } from '@platform/mail';
import { bodyTemplate, escapeHtml, UNSUBSCRIBE_PLACEHOLDER, type BodyTemplate } from './mailing-body';
import { inlineBodyStyles, mailingLayout, type MailingBranding, type MailingLayout } from './mailing-layout';
import type { TokenSigner } from './mailing-tokens';

export interface MailingContent {
  id: number;
  subject: string;
  bodyHtml: string;
  emailFrom: string;
  branding: MailingBranding;
}

/**
 * Builds each recipient's copy of a mailing: the site-branded frame (logo, colour, footer with the
 * postal address), links rewritten through the click counter, a tracking pixel, a personal
 * unsubscribe link in the body (in place of the placeholder, and in the footer), a plain-text part,
 * and the RFC 8058 headers pointing at the same personal link. What is the same for every recipient
 * is built once: a copy is a few concatenations.
 */
export class MailingComposer {
  private readonly template: BodyTemplate;
  private readonly layout: MailingLayout;
  /** Host of the links (and of the Message-IDs). */
  readonly host: string;

  constructor(private readonly mailing: MailingContent, private readonly baseUrl: string, private readonly signer: TokenSigner) {
    const body = inlineBodyStyles(mailing.bodyHtml, mailing.branding.color);
    this.template = bodyTemplate(body);
    this.layout = mailingLayout(mailing.branding, mailing.subject, mailing.bodyHtml);
    this.host = new URL(baseUrl).hostname;
  }

  unsubscribeUrl(email: string): string {
    // Built by hand rather than with URLSearchParams: this runs once per message sent.
    return `${this.baseUrl}/mail/mailing/${this.mailing.id}/unsubscribe?email=${encodeURIComponent(email)}&token=${this.signer.unsubscribe(this.mailing.id, email)}`;
  }

  compose(row: { id: number; email?: unknown }): OutgoingMail {
    const email = String(row.email);
    const track = `${this.baseUrl}/mail/track/${row.id}/${this.signer.tracking(row.id)}`;
    const unsubscribe = this.unsubscribeUrl(email);
    const unsubscribeAttr = escapeHtml(unsubscribe);
    const { parts } = this.template;
    let body = parts[0];
    for (let i = 1; i < parts.length; i++) body += `${escapeHtml(`${track}/click/${i - 1}`)}${parts[i]}`;
    body = body.split(`href="${UNSUBSCRIBE_PLACEHOLDER}"`).join(`href="${unsubscribeAttr}"`);
    const { head, footStart, footEnd, close, text } = this.layout;
    const html = `${head}${body}${footStart}${unsubscribeAttr}${footEnd}<img src="${escapeHtml(`${track}/blank.gif`)}" alt="" width="1" height="1" style="display:block;border:0;">${close}`;
    return {
      from: this.mailing.emailFrom,
      to: email,
      subject: this.mailing.subject,
      html,
      text: `${text.includes(UNSUBSCRIBE_PLACEHOLDER) ? text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribe) : text}${unsubscribe}\n`,
      messageId: `<mailing-${this.mailing.id}-${row.id}@${this.host}>`,
      headers: {
        // Only the https link: no mailbox reads unsubscribe requests sent by mail, so none is advertised.
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}
