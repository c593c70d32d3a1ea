import type { Domain } from '@platform/core';

/** The pages of a site: its own and those shared by every site (no website set). */
export const SITE_PAGES = (siteId: number): Domain => ['|', ['website_id', '=', false], ['website_id', '=', siteId]];
