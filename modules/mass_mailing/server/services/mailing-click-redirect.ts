import type { RequestContext } from '@platform/http';

/**
 * Where a recipient's click goes after the mailing counted it. By default straight to the link; a
 * module may send it through its own redirect instead (mass_mailing_links: the link tracker, so the
 * click also gets UTM parameters, a country and a place in the campaign statistics).
 */
export interface MailingClickRedirect {
  redirectFor(req: RequestContext, target: string, mailing: { id: number; subject: string }): Promise<string | null>;
}
export const MailingClickRedirect = Symbol('MailingClickRedirect');
