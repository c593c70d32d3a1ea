import { defineModel } from '../../../orm/model-definition';
import { fields } from '../../../orm/fields';

/** A site served by this installation; chosen per request from the Host header. */
export const Website = defineModel({
  name: 'website',
  description: 'Website',
  order: 'id',
  fields: {
    name: fields.char({ required: true }),
    domain: fields.char({ string: 'Host name (without port)' }),
    default_lang_id: fields.many2one('res.lang', { required: true }),
    language_ids: fields.many2many('res.lang'),
    user_id: fields.many2one('res.users', { string: 'Public user', required: true }),
  },
});
