/** One row per recipient of a mailing: the send queue (LeasedQueue columns) and the per-recipient statistics. */
export const RECIPIENT_TABLE = 'mail_mass_mailing_recipient';
