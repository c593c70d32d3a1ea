import { defineModel, fields } from '@platform/orm';

export const TRACK_TAG_MODEL = 'event.track.tag';

/** A tag of talks (the track list's filter). */
export const EventTrackTag = defineModel({
  name: TRACK_TAG_MODEL,
  description: 'Track tag',
  order: 'name, id',
  fields: { name: fields.char({ required: true, size: 64, string: 'Tag' }), color: fields.integer({ default: 0, string: 'Colour' }) },
  duplicateMessage: () => 'This tag already exists.',
});
