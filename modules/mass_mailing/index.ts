/*
 * The public face of the newsletter module (`@modules/mass_mailing`): how a mailing's click links are
 * made, which a bridge module (mass_mailing_links) may replace.
 */
export { MailingClickRedirect } from './server/services/mailing-click-redirect';
