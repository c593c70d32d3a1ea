import { defineModel, fields } from '@platform/orm';

export const EVENT_TYPE_MODEL = 'event.type';

/** A kind of event (conference, training...): the list's type filter. */
export const EventType = defineModel({
  name: EVENT_TYPE_MODEL,
  description: 'Event type',
  order: 'sequence, name, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
  },
});
