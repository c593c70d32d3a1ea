import { defineModel, fields } from '@platform/orm';

/** A partner following a record (told about its news). One row per (record, partner). */
export const MailFollowers = defineModel({
  name: 'mail.followers',
  description: 'Document follower',
  logAccess: false,
  fields: {
    res_model: fields.char({ required: true, size: 64, string: 'Related document model' }),
    res_id: fields.integer({ required: true, string: 'Related document ID' }),
    partner_id: fields.many2one('res.partner', { required: true, ondelete: 'cascade' }),
  },
});
