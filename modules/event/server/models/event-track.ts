import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';
import { TRACK_STATES } from '../../common/event-rules';

export const TRACK_MODEL = 'event.track';
import { TRACK_LOCATION_MODEL } from './event-track-location';
import { TRACK_TAG_MODEL } from './event-track-tag';

async function checkTrack(env: Env, ids: number[]): Promise<void> {
  const rows = await env.sudo().model(TRACK_MODEL).read(ids, ['duration']);
  for (const r of rows) if (Number(r.duration) < 0 || Number(r.duration) > 24) throw new UserError('A talk lasts between 0 and 24 hours.');
}

/** A talk of an event: speaker, date and duration (hours), room, tags, and its state (visitors see published ones). */
export const EventTrack = defineModel({
  name: TRACK_MODEL,
  description: 'Event track',
  order: 'date, id',
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Title' }),
    event_id: fields.many2one('event.event', { required: true, ondelete: 'cascade', string: 'Event' }),
    partner_name: fields.char({ size: 128, string: 'Speaker' }),
    partner_email: fields.char({ size: 254, string: 'Speaker e-mail' }),
    partner_phone: fields.char({ size: 64, string: 'Speaker phone' }),
    partner_biography: fields.text({ string: 'Speaker biography' }),
    description: fields.text({ string: 'Description' }),
    date: fields.datetime({ string: 'Date' }),
    duration: fields.float({ default: 1.5, string: 'Duration (hours)' }),
    location_id: fields.many2one(TRACK_LOCATION_MODEL, { ondelete: 'set null', string: 'Room' }),
    tag_ids: fields.many2many(TRACK_TAG_MODEL, { relation: 'event_track_tag_rel', column1: 'track_id', column2: 'tag_id', string: 'Tags' }),
    state: fields.selection(TRACK_STATES, { required: true, default: 'draft', string: 'Status' }),
    color: fields.integer({ default: 0, string: 'Colour' }),
  },
  constraints: [checkTrack],
});

