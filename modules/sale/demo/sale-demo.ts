import sharp from 'sharp';
import { type DataRecord, ref } from '@platform/core';

/** The demo's colours by name: a colour value's swatch, and the tint of its variants' pictures. */
const COLOURS: Record<string, string> = {
  blue: '#2f6fd1', red: '#d13b3b', grey: '#7a828c', navy: '#243b6b', black: '#2b2d31', green: '#2e8b57',
};

type Shape = 'shirt' | 'cup' | 'box' | 'circle' | 'tent' | 'bottle';

const SHAPES: Record<Shape, (fill: string) => string> = {
  shirt: (f) => `<path d="M150 110 L200 90 Q225 120 250 90 L300 110 L340 170 L300 190 L290 170 L290 320 L160 320 L160 170 L150 190 L110 170 Z" fill="${f}"/>`,
  cup: (f) => `<rect x="135" y="130" width="140" height="170" rx="18" fill="${f}"/><path d="M275 165 Q330 165 330 215 Q330 265 275 265" stroke="${f}" stroke-width="22" fill="none"/>`,
  box: (f) => `<rect x="120" y="140" width="210" height="150" rx="14" fill="${f}"/><rect x="120" y="140" width="210" height="36" rx="10" fill="#ffffff" opacity="0.35"/>`,
  circle: (f) => `<circle cx="225" cy="215" r="100" fill="${f}"/>`,
  tent: (f) => `<path d="M225 110 L345 310 L105 310 Z" fill="${f}"/><path d="M225 200 L260 310 L190 310 Z" fill="#ffffff" opacity="0.45"/>`,
  bottle: (f) => `<rect x="195" y="95" width="60" height="35" rx="8" fill="${f}"/><rect x="170" y="125" width="110" height="200" rx="30" fill="${f}"/>`,
};

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');

/** A 450 px square product picture: a soft tile, the product's shape in its colour and its initials. */
async function picture(name: string, shape: Shape, colour: string, background: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="450" height="450">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="450" height="450" fill="url(#g)"/>${SHAPES[shape](colour)}
    <text x="225" y="395" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="bold" fill="#1f2933" opacity="0.75">${escapeXml(initials(name))}</text></svg>`;
  return (await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer()).toString('base64');
}

const category = (key: string, name: string, parent?: string): DataRecord => ({
  id: `categ_${key}`, model: 'product.category', values: { name, ...(parent ? { parent_id: ref(`sale.categ_${parent}`) } : {}) },
});

interface DemoProduct {
  key: string;
  name: string;
  price: number;
  categ: string;
  description: string;
  shape: Shape;
  /** Colour of its shape (a COLOURS key or a hex colour). */
  colour: string;
  /** Values offered with their price extras, by attribute: the variants are every combination. */
  options?: Array<Array<[string, number]>>;
}

const hex = (c: string) => COLOURS[c] ?? c;

/**
 * The demo catalogue: four departments of two sub-categories each, 30 products with generated pictures,
 * seven with variants (size, colour, capacity; extras on the larger and the special ones). The T-shirt
 * keeps its archived L Red ("not available"), and each of its colours has a picture of its own (the other
 * variants show their product's). An unpublished draft is never shown to visitors.
 */
export async function saleDemo(): Promise<DataRecord[]> {
  const departments: Array<[string, string, Array<[string, string]>]> = [
    ['clothes', 'Clothes', [['tops', 'Tops'], ['accessories', 'Accessories']]],
    ['office', 'Office', [['desks', 'Desks'], ['stationery', 'Stationery']]],
    ['home', 'Home', [['kitchen', 'Kitchen'], ['living', 'Living room']]],
    ['outdoor', 'Outdoor', [['camping', 'Camping'], ['hiking', 'Hiking']]],
  ];
  const background: Record<string, string> = { clothes: '#dbe7ff', office: '#e8e2d6', home: '#f7e1d0', outdoor: '#d9efdf' };
  const departmentOf = new Map(departments.flatMap(([d, , subs]) => [[d, d], ...subs.map(([s]) => [s, d] as [string, string])]));

  const attributes: Array<[string, string, Array<[string, string]>]> = [
    ['size', 'Size', [['s', 'S'], ['m', 'M'], ['l', 'L']]],
    ['color', 'Colour', [['blue', 'Blue'], ['red', 'Red'], ['grey', 'Grey'], ['navy', 'Navy'], ['black', 'Black'], ['green', 'Green']]],
    ['capacity', 'Capacity', [['half_litre', '0.5 l'], ['litre', '1 l'], ['two_person', '2 persons'], ['four_person', '4 persons']]],
  ];

  // The first six keep their names, prices and order: the tests and the benchmark use them.
  const products: DemoProduct[] = [
    { key: 'tshirt', name: 'T-shirt', price: 15, categ: 'tops', description: 'A soft cotton T-shirt, in three sizes and two colours.', shape: 'shirt', colour: 'blue', options: [[['s', 0], ['m', 2], ['l', 4]], [['blue', 0], ['red', 1]]] },
    { key: 'desk', name: 'Standing desk', price: 450, categ: 'desks', description: 'A desk whose height follows you, from sitting to standing.', shape: 'box', colour: '#8a6a45' },
    { key: 'chair', name: 'Office chair', price: 220, categ: 'office', description: 'An ergonomic chair with lumbar support.', shape: 'circle', colour: '#3d4852' },
    { key: 'mug', name: 'Coffee mug', price: 8.5, categ: 'kitchen', description: 'A large ceramic mug.', shape: 'cup', colour: '#c0563b' },
    { key: 'notebook', name: 'Notebook', price: 4.25, categ: 'office', description: 'A5, dotted pages.', shape: 'box', colour: '#2f4858' },
    { key: 'lamp', name: 'Desk lamp', price: 39.9, categ: 'desks', description: 'A warm LED lamp for late evenings.', shape: 'circle', colour: '#e0a526' },
    { key: 'hoodie', name: 'Hoodie', price: 45, categ: 'tops', description: 'A heavy fleece hoodie with a kangaroo pocket.', shape: 'shirt', colour: 'grey', options: [[['s', 0], ['m', 0], ['l', 3]], [['grey', 0], ['navy', 0], ['black', 5]]] },
    { key: 'polo', name: 'Polo shirt', price: 29, categ: 'tops', description: 'A piqué polo for the office and the weekend.', shape: 'shirt', colour: 'navy', options: [[['s', 0], ['m', 0], ['l', 2]]] },
    { key: 'sweater', name: 'Wool sweater', price: 69, categ: 'tops', description: 'Merino wool, fine knit.', shape: 'shirt', colour: 'green' },
    { key: 'cap', name: 'Baseball cap', price: 18, categ: 'accessories', description: 'An adjustable cap with a curved visor.', shape: 'circle', colour: 'red', options: [[['blue', 0], ['red', 0], ['black', 2]]] },
    { key: 'scarf', name: 'Knitted scarf', price: 24, categ: 'accessories', description: 'Long, thick and soft.', shape: 'box', colour: '#9b4f96' },
    { key: 'socks', name: 'Hiking socks', price: 12, categ: 'accessories', description: 'Reinforced heel and toe, three pairs.', shape: 'box', colour: '#4a7c59', options: [[['s', 0], ['m', 0], ['l', 0]]] },
    { key: 'monitor_arm', name: 'Monitor arm', price: 89, categ: 'desks', description: 'Holds a screen up to 32 inches at eye height.', shape: 'box', colour: '#50575f' },
    { key: 'cable_tray', name: 'Cable tray', price: 25, categ: 'desks', description: 'Keeps every cable out of sight.', shape: 'box', colour: '#6b7280' },
    { key: 'pen', name: 'Fountain pen', price: 35, categ: 'stationery', description: 'A steel nib that writes smoothly.', shape: 'bottle', colour: 'black', options: [[['blue', 0], ['black', 0]]] },
    { key: 'pencils', name: 'Pencil set', price: 9.5, categ: 'stationery', description: 'Twelve graphite pencils, from 4H to 8B.', shape: 'box', colour: '#d4a017' },
    { key: 'sticky_notes', name: 'Sticky notes', price: 3.9, categ: 'stationery', description: 'Six pads in bright colours.', shape: 'box', colour: '#f2c94c' },
    { key: 'teapot', name: 'Teapot', price: 32, categ: 'kitchen', description: 'Cast iron, keeps tea hot for an hour.', shape: 'cup', colour: '#2d3436' },
    { key: 'french_press', name: 'French press', price: 27, categ: 'kitchen', description: 'Glass and steel, eight cups.', shape: 'bottle', colour: '#6d4c41', options: [[['half_litre', 0], ['litre', 6]]] },
    { key: 'board', name: 'Cutting board', price: 22, categ: 'kitchen', description: 'Solid oak, oiled by hand.', shape: 'box', colour: '#a47148' },
    { key: 'knife', name: "Chef's knife", price: 59, categ: 'kitchen', description: 'A forged blade that stays sharp.', shape: 'box', colour: '#7f8c8d' },
    { key: 'cushion', name: 'Linen cushion', price: 19, categ: 'living', description: 'Washed linen with a hidden zip.', shape: 'box', colour: 'navy', options: [[['navy', 0], ['grey', 0], ['green', 0]]] },
    { key: 'blanket', name: 'Throw blanket', price: 49, categ: 'living', description: 'A chunky throw for the sofa.', shape: 'box', colour: '#b5838d' },
    { key: 'candle', name: 'Scented candle', price: 16, categ: 'living', description: 'Fig and cedar, forty hours.', shape: 'cup', colour: '#e9c46a' },
    { key: 'plant_pot', name: 'Plant pot', price: 14, categ: 'living', description: 'Glazed stoneware with a saucer.', shape: 'cup', colour: 'green', options: [[['s', 0], ['m', 4], ['l', 9]]] },
    { key: 'tent', name: 'Dome tent', price: 149, categ: 'camping', description: 'Pitches in five minutes, stands up to the wind.', shape: 'tent', colour: '#e76f51', options: [[['two_person', 0], ['four_person', 60]]] },
    { key: 'sleeping_bag', name: 'Sleeping bag', price: 79, categ: 'camping', description: 'Comfortable down to 5 °C.', shape: 'box', colour: '#264653' },
    { key: 'stove', name: 'Camping stove', price: 45, categ: 'camping', description: 'Folds into its own pot.', shape: 'circle', colour: '#5c677d' },
    { key: 'bottle', name: 'Water bottle', price: 19, categ: 'hiking', description: 'Insulated steel, cold for a day.', shape: 'bottle', colour: 'blue', options: [[['half_litre', 0], ['litre', 7]], [['blue', 0], ['green', 0]]] },
    { key: 'backpack', name: 'Day backpack', price: 65, categ: 'hiking', description: 'Twenty litres, a rain cover in the lid.', shape: 'box', colour: '#2a9d8f' },
    { key: 'torch', name: 'Head torch', price: 29, categ: 'hiking', description: 'Three hundred lumens, rechargeable.', shape: 'circle', colour: '#f4a261' },
  ];

  const records: DataRecord[] = [
    ...departments.flatMap(([key, name, subs]) => [category(key, name), ...subs.map(([k, n]) => category(k, n, key))]),
    ...attributes.flatMap(([key, name, values], a): DataRecord[] => [
      { id: `attr_${key}`, model: 'product.attribute', values: { name, sequence: a + 1 } },
      ...values.map(([k, n], i): DataRecord => ({ id: `value_${k}`, model: 'product.attribute.value', values: { name: n, attribute_id: ref(`sale.attr_${key}`), sequence: i } })),
    ]),
  ];

  const images = await Promise.all(products.map((p) => picture(p.name, p.shape, hex(p.colour), background[departmentOf.get(p.categ)!]!)));
  // The T-shirt's colours: a picture of their own for each of its variants in that colour.
  const tshirtColours = await Promise.all(['blue', 'red'].map((c) => picture('T-shirt', 'shirt', hex(c), background.clothes!)));

  products.forEach((p, i) => {
    records.push({
      id: `product_${p.key}`, model: 'product.template',
      values: { name: p.name, list_price: p.price, categ_id: ref(`sale.categ_${p.categ}`), description: p.description, website_published: true, website_sequence: i < 6 ? i + 1 : 10 + i, image: images[i] },
    });
    const options = p.options ?? [];
    for (const [value, extra] of options.flat()) {
      records.push({ id: `ptav_${p.key}_${value}`, model: 'product.template.attribute.value', values: { product_tmpl_id: ref(`sale.product_${p.key}`), attribute_value_id: ref(`sale.value_${value}`), price_extra: extra } });
    }
    // Every combination of the offered values: one variant each (a product without options has one).
    const combos = options.reduce<string[][]>((acc, values) => acc.flatMap((c) => values.map(([v]) => [...c, v])), [[]]);
    for (const combo of combos) {
      const key = [p.key, ...combo].join('_');
      const own = p.key === 'tshirt' ? tshirtColours[combo.includes('red') ? 1 : 0] : undefined;
      records.push({
        id: `variant_${key}`, model: 'product.product',
        values: {
          product_tmpl_id: ref(`sale.product_${p.key}`), value_ids: [[6, 0, combo.map((v) => ref(`sale.value_${v}`))]],
          active: key !== 'tshirt_l_red', ...(own ? { image: own } : {}),
        },
      });
    }
  });
  records.push(
    { id: 'product_draft', model: 'product.template', values: { name: 'Prototype gadget', list_price: 99, website_published: false } },
    { id: 'variant_draft', model: 'product.product', values: { product_tmpl_id: ref('sale.product_draft') } },
  );
  return records;
}
