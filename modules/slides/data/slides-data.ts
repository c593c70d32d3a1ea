import type { DataRecord } from '@platform/core';

/** The site menu's entry to the channels (editable by publishers afterwards: noupdate). */
export function slidesData(): DataRecord[] {
  return [
    { id: 'menu_slides', model: 'website.menu', noupdate: true, values: { name: { en_US: 'Slides', fr_FR: 'Présentations' }, url: '/slides', sequence: 40 } },
  ];
}
