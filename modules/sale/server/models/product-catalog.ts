import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';

export const CATEGORY_MODEL = 'product.category';
export const TEMPLATE_MODEL = 'product.template';
export const ATTRIBUTE_MODEL = 'product.attribute';
export const ATTRIBUTE_VALUE_MODEL = 'product.attribute.value';
export const TEMPLATE_VALUE_MODEL = 'product.template.attribute.value';
export const PRODUCT_MODEL = 'product.product';

/**
 * After each change of the tree: refuses a cycle, and keeps every `complete_name` ("All / Clothes /
 * T-shirts"; the tree is small, so all of it is recomputed).
 */
async function keepCompleteNames(env: Env): Promise<void> {
  const sudo = env.sudo();
  const rows = await sudo.model(CATEGORY_MODEL).search_read([], ['name', 'parent_id', 'complete_name']);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const parentOf = (id: number) => { const p = byId.get(id)?.parent_id; return Array.isArray(p) ? Number(p[0]) : null; };
  const full = (id: number): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    for (let at: number | null = id; at !== null; at = parentOf(at)) {
      if (seen.has(at)) throw new UserError('A category cannot be its own parent.');
      seen.add(at);
      names.unshift(String(byId.get(at)?.name ?? ''));
    }
    return names.join(' / ');
  };
  for (const r of rows) {
    const name = full(Number(r.id));
    if (name !== r.complete_name) await sudo.model(CATEGORY_MODEL).updateColumns([Number(r.id)], { set: { complete_name: name } });
  }
}

/** A node of the shop's category tree. */
export const ProductCategory = defineModel({
  name: CATEGORY_MODEL,
  description: 'Product category',
  order: 'complete_name, id',
  recName: 'complete_name',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name', translate: false }),
    parent_id: fields.many2one(CATEGORY_MODEL, { ondelete: 'restrict', string: 'Parent category' }),
    complete_name: fields.char({ size: 1024, readonly: true, string: 'Complete name' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
  },
  constraints: [keepCompleteNames],
});

/**
 * A product as the shop shows it; what is sold is one of its variants (`product.product`). Visitors
 * see published templates only (the manifest's rule).
 */
export const ProductTemplate = defineModel({
  name: TEMPLATE_MODEL,
  description: 'Product',
  order: 'website_sequence, name, id',
  publishable: true,
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Name' }),
    description: fields.text({ string: 'Description' }),
    list_price: fields.monetary({ required: true, default: 0, string: 'Sales price' }),
    categ_id: fields.many2one(CATEGORY_MODEL, { ondelete: 'set null', string: 'Category' }),
    website_published: fields.boolean({ default: false, string: 'Published' }),
    website_sequence: fields.integer({ default: 10, string: 'Sequence on the site' }),
    /**
     * Shown in `/shop`'s listing and search. A product sold elsewhere on the site (an event's ticket,
     * sold from its event page) is published, so it can be sold and bought, but not listed.
     */
    website_listed: fields.boolean({ default: true, string: 'Listed in the shop' }),
    image: fields.image({ string: 'Image' }),
    active: fields.boolean({ default: true, string: 'Active' }),
    product_variant_ids: fields.one2many(PRODUCT_MODEL, 'product_tmpl_id', { string: 'Variants' }),
    attribute_value_ids: fields.one2many(TEMPLATE_VALUE_MODEL, 'product_tmpl_id', { string: 'Attribute values' }),
  },
});

export const ProductAttribute = defineModel({
  name: ATTRIBUTE_MODEL,
  description: 'Product attribute',
  order: 'sequence, name, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    value_ids: fields.one2many(ATTRIBUTE_VALUE_MODEL, 'attribute_id', { string: 'Values' }),
  },
});

export const ProductAttributeValue = defineModel({
  name: ATTRIBUTE_VALUE_MODEL,
  description: 'Product attribute value',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Value' }),
    attribute_id: fields.many2one(ATTRIBUTE_MODEL, { required: true, ondelete: 'cascade', string: 'Attribute' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
  },
});

/** A value offered on a template, with what it adds to the template's price. */
export const ProductTemplateAttributeValue = defineModel({
  name: TEMPLATE_VALUE_MODEL,
  description: 'Attribute value of a product',
  order: 'id',
  fields: {
    product_tmpl_id: fields.many2one(TEMPLATE_MODEL, { required: true, ondelete: 'cascade', string: 'Product' }),
    attribute_value_id: fields.many2one(ATTRIBUTE_VALUE_MODEL, { required: true, ondelete: 'cascade', string: 'Value' }),
    price_extra: fields.monetary({ default: 0, string: 'Price extra' }),
  },
  duplicateMessage: () => 'This value is already offered on this product.',
});

/**
 * A variant's values are offered on its template, one per attribute, and no two active variants of a
 * template have the same values (the product page could not tell them apart).
 */
async function checkCombination(env: Env, ids: number[]): Promise<void> {
  const sudo = env.sudo();
  const variants = await sudo.model(PRODUCT_MODEL).read(ids, ['product_tmpl_id', 'value_ids', 'active']);
  for (const v of variants) {
    const tmplId = Number((v.product_tmpl_id as [number, string])[0]);
    const valueIds = (v.value_ids as number[]).map(Number);
    if (valueIds.length) {
      const offered = await sudo.model(TEMPLATE_VALUE_MODEL).search_read([['product_tmpl_id', '=', tmplId], ['attribute_value_id', 'in', valueIds]], ['attribute_value_id']);
      if (offered.length !== valueIds.length) throw new UserError('A variant may only have values offered on its product.');
      const attrs = await sudo.model(ATTRIBUTE_VALUE_MODEL).read(valueIds, ['attribute_id']);
      const distinct = new Set(attrs.map((a) => Number((a.attribute_id as [number, string])[0])));
      if (distinct.size !== valueIds.length) throw new UserError('A variant has one value per attribute.');
    }
    if (!v.active) continue;
    const key = [...valueIds].sort((a, b) => a - b).join(',');
    const siblings = await sudo.model(PRODUCT_MODEL).search_read([['product_tmpl_id', '=', tmplId], ['active', '=', true], ['id', '!=', Number(v.id)]], ['value_ids']);
    if (siblings.some((s) => (s.value_ids as number[]).map(Number).sort((a, b) => a - b).join(',') === key)) {
      throw new UserError('Another variant of this product has the same values.');
    }
  }
}

/**
 * A variant: its template and one value per attribute (`value_ids`). Its price is always computed by
 * the catalogue service (template price + the template's extras of its values), never stored or posted.
 */
export const ProductProduct = defineModel({
  name: PRODUCT_MODEL,
  description: 'Product variant',
  order: 'product_tmpl_id, id',
  fields: {
    product_tmpl_id: fields.many2one(TEMPLATE_MODEL, { required: true, ondelete: 'cascade', string: 'Product' }),
    value_ids: fields.many2many(ATTRIBUTE_VALUE_MODEL, { relation: 'product_variant_value_rel', column1: 'product_id', column2: 'value_id', string: 'Attribute values' }),
    default_code: fields.char({ size: 64, string: 'Internal reference' }),
    active: fields.boolean({ default: true, string: 'Active' }),
    /** Its own picture; `/web/image/product.product/<id>/image` shows the product's when it has none. */
    image: fields.image({ string: 'Image', fallback: 'product_tmpl_id' }),
  },
  constraints: [checkCombination],
});
