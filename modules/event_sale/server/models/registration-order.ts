import { extendModel, fields } from '@platform/orm';
import { REGISTRATION_MODEL } from '@modules/event';

/** The order (and its line) an attendee's paid ticket is on: confirmed or cancelled with it. */
export const RegistrationOrder = extendModel(REGISTRATION_MODEL, {
  sale_order_id: fields.many2one('sale.order', { ondelete: 'set null', readonly: true, string: 'Sales order' }),
  sale_order_line_id: fields.many2one('sale.order.line', { ondelete: 'set null', readonly: true, string: 'Order line' }),
});
