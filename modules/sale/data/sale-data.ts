import type { DataRecord } from '@platform/core';

/** The "Shop" entry of the site menu (every site; noupdate: a publisher may move or rename it). */
export function saleData(): DataRecord[] {
  return [
    { id: 'menu_shop', model: 'website.menu', noupdate: true, values: { name: { en_US: 'Shop', fr_FR: 'Boutique' }, url: '/shop', sequence: 20 } },
  ];
}
