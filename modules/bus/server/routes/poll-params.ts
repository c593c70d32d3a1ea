import * as yup from 'yup';

/** Limits shared by the long-poll route and the WebSocket `subscribe` message. */
export const MAX_REQUESTED_CHANNELS = 200;

export const pollOptionsSchema = yup.object({
  bus_inactivity: yup.number().integer().min(0).max(1e10),
  bus_presence_partner_ids: yup.array(yup.number().integer().min(1).required()).max(200),
  peek: yup.boolean(),
}).default({});

export const channelsSchema = yup.array()
  .of(yup.mixed<string>().test('string-channel', 'bus.Bus only string channels are allowed.', (v) => typeof v === 'string' && v.length > 0 && v.length <= 128).required().meta({ bounded: 'its test: 128 characters at most' }))
  .max(MAX_REQUESTED_CHANNELS, `At most ${MAX_REQUESTED_CHANNELS} channels`)
  .default([]);

export const pollParams = yup.object({
  channels: channelsSchema,
  last: yup.number().integer().min(0).default(0),
  options: pollOptionsSchema,
});

export type PollParams = yup.InferType<typeof pollParams>;
