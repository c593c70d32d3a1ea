import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/**
 * A search saved by a back office user on a model's list (the original platform's `ir.filters`): its
 * domain in the domain language, as JSON text. Each user sees and edits their own (record rule).
 */
export const IrFilters = defineModel({
  name: 'ir.filters',
  description: 'Saved filter',
  order: 'model_id, name',
  fields: {
    name: fields.char({ required: true, size: 128 }),
    model_id: fields.char({ string: 'Model', required: true, size: 128 }),
    domain: fields.text({ required: true, default: '[]' }),
    user_id: fields.many2one('res.users', { string: 'User', required: true, ondelete: 'cascade', default: (env: { uid: number }) => env.uid }),
  },
});
