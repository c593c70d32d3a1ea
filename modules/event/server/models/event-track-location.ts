import { defineModel, fields } from '@platform/orm';

export const TRACK_LOCATION_MODEL = 'event.track.location';

/** A room: the agenda's columns. */
export const EventTrackLocation = defineModel({
  name: TRACK_LOCATION_MODEL,
  description: 'Track room',
  order: 'name, id',
  fields: { name: fields.char({ required: true, size: 128, string: 'Room' }) },
});
