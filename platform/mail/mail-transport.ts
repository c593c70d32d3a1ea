/** One e-mail as the senders hand it to a transport: already personalised for its single recipient. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** Stable per recipient, so a resend after an ambiguous crash can be recognised as the same message. */
  messageId: string;
  headers?: Record<string, string>;
  /** Files sent with the message (an event's .ics invitation). */
  attachments?: MailAttachment[];
}

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** What the transport reports for an accepted message. */
export interface SentMail {
  messageId: string;
  /** The server's reply (e.g. `250 OK: queued`), or `outbox` when kept locally. */
  response: string;
}

/**
 * Delivers one message. The SMTP implementation talks to `SMTP_URL`; without it messages go to the
 * outbox table, readable by administrators. Failures are `MailDeliveryError`s that say whether
 * retrying can help (4xx replies, lost connections) or not (5xx replies: the recipient bounced).
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}
export const MailTransport = Symbol('MailTransport');

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(message: string, readonly permanent: boolean, readonly responseCode?: number) {
    super(message);
  }
}

/** Turns whatever nodemailer threw into a MailDeliveryError: 5xx replies are permanent, anything else temporary. */
export function deliveryError(err: unknown): MailDeliveryError {
  if (err instanceof MailDeliveryError) return err;
  const e = err as { message?: string; responseCode?: number; response?: string };
  const code = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  const message = (e?.response || e?.message || String(err)).slice(0, 500);
  return new MailDeliveryError(message, code !== undefined && code >= 500 && code < 600, code);
}
