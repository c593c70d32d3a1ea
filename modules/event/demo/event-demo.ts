import type { DataRecord } from '@platform/core';

/** A published item and a draft, so a fresh `npm start` shows what visitors and internal users each see. */
export function eventDemo(): DataRecord[] {
  return [
    {
      id: 'item_welcome', model: 'event.item',
      values: { name: 'Welcome', description: 'A published item: every visitor sees it.', is_published: true },
    },
    {
      id: 'item_draft', model: 'event.item',
      values: { name: 'Work in progress', description: 'A draft: only internal users see it.', is_published: false },
    },
  ];
}
