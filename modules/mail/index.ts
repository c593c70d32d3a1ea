/*
 * The public face of the mail module: what other modules may use (`@modules/mail`). Anything else in
 * this folder may change without notice. System mails need nothing from here: the senders set in the
 * Mail settings are the `mail.default.from` parameter they already use as their From.
 */
export { MailSenders, DEFAULT_FROM_PARAM, type SiteBranding } from './server/services/mail-senders';
export { formatSender, parseSender, DEFAULT_BRAND_COLOR } from './common/mail-settings-schema';
