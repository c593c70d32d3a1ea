import { defineModel, fields } from '@platform/orm';

/** A rating of a record: 1-5 stars on commented records, 1/5/10 for chat sessions. */
export const RatingRating = defineModel({
  name: 'rating.rating',
  description: 'Rating',
  order: 'id desc',
  fields: {
    rating: fields.float({ string: 'Rating', required: true }),
    feedback: fields.text({ string: 'Comment' }),
    res_model: fields.char({ size: 64, required: true }),
    res_id: fields.integer({ required: true }),
    rated_partner_id: fields.many2one('res.partner', { string: 'Rated person' }),
    partner_id: fields.many2one('res.partner', { string: 'Customer' }),
    message_id: fields.many2one('mail.message', { string: 'Message', ondelete: 'cascade' }),
    consumed: fields.boolean({ default: false }),
  },
});
