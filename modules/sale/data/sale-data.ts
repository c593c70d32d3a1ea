import type { DataRecord } from '@platform/core';

/** The shipping methods. (The site menu's "Shop" entry is declared by ShopSiteMenu; a data record here made it twice.) */
export function saleData(): DataRecord[] {
  return [
    // Shipping methods as data (noupdate: managers change rates): a flat rate free over 100.00, and express.
    { id: 'carrier_standard', model: 'delivery.carrier', noupdate: true, values: { name: 'Standard delivery', fixed_price: 5, free_over: true, amount: 100, sequence: 1 } },
    { id: 'carrier_express', model: 'delivery.carrier', noupdate: true, values: { name: 'Express delivery', fixed_price: 15, sequence: 2 } },
  ];
}
