import type { DataRecord } from '@platform/core';

/** The "Shop" entry of the site menu (every site; noupdate: a publisher may move or rename it) and the shipping methods. */
export function saleData(): DataRecord[] {
  return [
    // Shipping methods as data (noupdate: managers change rates): a flat rate free over 100.00, and express.
    { id: 'carrier_standard', model: 'delivery.carrier', noupdate: true, values: { name: 'Standard delivery', fixed_price: 5, free_over: true, amount: 100, sequence: 1 } },
    { id: 'carrier_express', model: 'delivery.carrier', noupdate: true, values: { name: 'Express delivery', fixed_price: 15, sequence: 2 } },
    { id: 'menu_shop', model: 'website.menu', noupdate: true, values: { name: { en_US: 'Shop', fr_FR: 'Boutique' }, url: '/shop', sequence: 20 } },
  ];
}
