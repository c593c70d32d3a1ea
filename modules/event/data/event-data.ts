import type { DataRecord } from '@platform/core';

/** The "Events" entry of the site menu (every site; noupdate: a publisher may move or rename it). */
export function eventData(): DataRecord[] {
  return [
    { id: 'menu_events', model: 'website.menu', noupdate: true, values: { name: { en_US: 'Events', fr_FR: 'Événements' }, url: '/event', sequence: 30 } },
  ];
}
