import { type DataRecord, ref } from '@platform/core';

const category = (key: string, name: string, parent?: string): DataRecord => ({
  id: `categ_${key}`, model: 'product.category', values: { name, ...(parent ? { parent_id: ref(`sale.categ_${parent}`) } : {}) },
});

const product = (key: string, name: string, price: number, categ: string, description: string, sequence: number): DataRecord[] => [
  { id: `product_${key}`, model: 'product.template', values: { name, list_price: price, categ_id: ref(`sale.categ_${categ}`), description, website_published: true, website_sequence: sequence } },
];

const variant = (key: string, tmpl: string, values: string[], active = true): DataRecord => ({
  id: `variant_${key}`, model: 'product.product',
  values: { product_tmpl_id: ref(`sale.product_${tmpl}`), active, value_ids: [[6, 0, values.map((v) => ref(`sale.value_${v}`))]] },
});

/**
 * A small shop: All > Clothes, Office > Desks; a T-shirt in three sizes (M +2.00, L +4.00) and two
 * colours, whose L Red is archived ("not available"); single-variant products; an unpublished draft.
 */
export function saleDemo(): DataRecord[] {
  const simple = ['desk', 'chair', 'mug', 'notebook', 'lamp'];
  return [
    category('all', 'All'),
    category('clothes', 'Clothes', 'all'),
    category('office', 'Office', 'all'),
    category('desks', 'Desks', 'office'),
    { id: 'attr_size', model: 'product.attribute', values: { name: 'Size', sequence: 1 } },
    { id: 'attr_color', model: 'product.attribute', values: { name: 'Colour', sequence: 2 } },
    ...[['s', 'S'], ['m', 'M'], ['l', 'L']].map(([k, n], i): DataRecord => ({ id: `value_${k}`, model: 'product.attribute.value', values: { name: n, attribute_id: ref('sale.attr_size'), sequence: i } })),
    ...[['blue', 'Blue'], ['red', 'Red']].map(([k, n], i): DataRecord => ({ id: `value_${k}`, model: 'product.attribute.value', values: { name: n, attribute_id: ref('sale.attr_color'), sequence: i } })),
    ...product('tshirt', 'T-shirt', 15, 'clothes', 'A soft cotton T-shirt, in three sizes and two colours.', 1),
    ...[['s', 0], ['m', 2], ['l', 4], ['blue', 0], ['red', 1]].map(([k, extra]): DataRecord => ({
      id: `ptav_tshirt_${String(k)}`, model: 'product.template.attribute.value',
      values: { product_tmpl_id: ref('sale.product_tshirt'), attribute_value_id: ref(`sale.value_${String(k)}`), price_extra: extra },
    })),
    variant('tshirt_s_blue', 'tshirt', ['s', 'blue']), variant('tshirt_m_blue', 'tshirt', ['m', 'blue']), variant('tshirt_l_blue', 'tshirt', ['l', 'blue']),
    variant('tshirt_s_red', 'tshirt', ['s', 'red']), variant('tshirt_m_red', 'tshirt', ['m', 'red']), variant('tshirt_l_red', 'tshirt', ['l', 'red'], false),
    ...product('desk', 'Standing desk', 450, 'desks', 'A desk whose height follows you, from sitting to standing.', 2),
    ...product('chair', 'Office chair', 220, 'office', 'An ergonomic chair with lumbar support.', 3),
    ...product('mug', 'Coffee mug', 8.5, 'all', 'A large ceramic mug.', 4),
    ...product('notebook', 'Notebook', 4.25, 'office', 'A5, dotted pages.', 5),
    ...product('lamp', 'Desk lamp', 39.9, 'desks', 'A warm LED lamp for late evenings.', 6),
    ...simple.map((k) => variant(k, k, [])),
    { id: 'product_draft', model: 'product.template', values: { name: 'Prototype gadget', list_price: 99, website_published: false } },
    variant('draft', 'draft', []),
  ];
}
