import { defineModel, fields } from '@platform/orm';

/** Networks the share buttons offer (Google+ closed in April 2019; e-mail took its place). */
export const SHARE_NETWORKS = ['facebook', 'twitter', 'linkedin', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/**
 * Shares counted by the site itself, per page path and network: the networks no longer publish share
 * counts, so the buttons show how often visitors shared from here. Written only by /website/share/*.
 */
export const WebsiteShareCount = defineModel({
  name: 'website.share.count',
  description: 'Share count',
  order: 'url_path, network',
  fields: {
    url_path: fields.char({ required: true, size: 512, string: 'Page path' }),
    network: fields.selection(SHARE_NETWORKS.map((n) => [n, n] as [string, string]), { required: true }),
    count: fields.integer({ default: 0 }),
  },
});
