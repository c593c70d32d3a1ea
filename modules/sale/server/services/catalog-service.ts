import { inject, injectable } from 'inversify';
import type { Domain } from '@platform/core';
import { SiteCaches, type SiteCache } from '@platform/http';
import type { Env } from '@platform/orm';
import { PaymentCatalog } from '@modules/payment';
import {
  PRODUCTS_PER_PAGE, parseAttribs, productUrl, type AttributeFilter, type CategoryNode, type Money, type ProductCard, type ShopQuery, type VariantChoice,
} from '../../common/shop-schemas';
import {
  ATTRIBUTE_MODEL, ATTRIBUTE_VALUE_MODEL, CATEGORY_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL, TEMPLATE_VALUE_MODEL,
} from '../models/product-catalog';
import { fromCents, toCents } from './money';

/** The shop's currency until pricelists come: the first of these that payment knows. */
const SHOP_CURRENCIES = ['EUR', 'USD'];

/** A variant the shop can sell now, priced by the server. */
export interface SellableVariant {
  id: number;
  templateId: number;
  templateName: string;
  /** "T-shirt (M)" */
  displayName: string;
  price: number;
}

export interface ProductPage {
  id: number;
  name: string;
  description: string;
  url: string;
  category: CategoryNode | null;
  /** The variant whose picture the page shows (the chosen one, else the first), null without a picture. */
  imageId: number | null;
  choices: VariantChoice[];
  /** The variant the chosen values make, or null: "Not available". */
  variant: SellableVariant | null;
}

/** A boolean column as either database gives it. */
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1';
const words = (search: string) => search.split(/\s+/).filter(Boolean).slice(0, 10);

/**
 * Reads the catalogue for the shop's pages and prices variants. Lists go through the caller's
 * environment, so the record rules (published templates, active variants) decide what visitors see;
 * prices are always computed here from the template's price and its values' extras.
 */
@injectable()
export class CatalogService {
  /**
   * What `sellable` answered, per reader (their rules decide what they see) and variant: kept until the
   * catalogue's tables or the users' groups are written (here or, through the write signal, anywhere).
   */
  private readonly sellables: SiteCache<SellableVariant | null>;

  constructor(
    @inject(PaymentCatalog) private readonly payment: PaymentCatalog,
    @inject(SiteCaches) caches: SiteCaches,
  ) {
    this.sellables = caches.create(5000, [
      'product_product', 'product_template', 'product_variant_value_rel', 'product_attribute_value', 'product_template_attribute_value',
      'res_users', 'res_groups_users_rel',
    ]);
  }

  async currency(env: Env): Promise<Money & { id: number }> {
    for (const code of SHOP_CURRENCIES) {
      const c = await this.payment.currencyByCode(env.sudo(), code);
      if (c) return { id: c.id, symbol: c.symbol, decimals: c.decimals };
    }
    throw new Error('sale: no currency (payment data missing)');
  }

  async categories(env: Env): Promise<CategoryNode[]> {
    const rows = await env.model(CATEGORY_MODEL).search_read([], ['name', 'complete_name', 'parent_id'], { limit: 500 });
    return rows.map((r) => ({
      id: Number(r.id), name: String(r.name), completeName: String(r.complete_name || r.name),
      parentId: Array.isArray(r.parent_id) ? Number(r.parent_id[0]) : null,
    }));
  }

  /** The category and every category under it. */
  descendants(all: CategoryNode[], id: number): number[] {
    const out = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of all) if (c.parentId !== null && out.has(c.parentId) && !out.has(c.id)) { out.add(c.id); grew = true; }
    }
    return [...out];
  }

  /**
   * `/shop`: published and listed products matching every word of the search, in the category's
   * subtree, offering one of the checked values of each filtered attribute; a page of them, and the
   * filter panel (the attributes offered by the products the search and category find).
   */
  async listing(env: Env, q: ShopQuery, categories: CategoryNode[]): Promise<{ products: ProductCard[]; total: number; page: number; pageCount: number; filters: AttributeFilter[] }> {
    const base: Domain = [['website_published', '=', true], ['website_listed', '=', true], ['active', '=', true]];
    for (const w of words(q.search)) base.push('|', ['name', 'ilike', w], ['description', 'ilike', w]);
    if (q.category) base.push(['categ_id', 'in', this.descendants(categories, q.category)]);
    const { groups, filters } = await this.attributeFilters(env, base, parseAttribs(q.attrib).map((a) => a.valueId));
    const domain: Domain = [...base];
    for (const valueIds of groups) domain.push(['attribute_value_ids.attribute_value_id', 'in', valueIds]);
    const model = env.model(TEMPLATE_MODEL);
    const total = await model.search_count(domain);
    const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
    const page = Math.min(Math.max(q.page ?? 1, 1), pageCount);
    const rows = await model.search_read(domain, ['name', 'list_price', 'categ_id'], {
      offset: (page - 1) * PRODUCTS_PER_PAGE, limit: PRODUCTS_PER_PAGE, order: 'website_sequence, name, id',
    });
    const pictures = await this.pictures(env, rows.map((r) => Number(r.id)));
    const names = new Map(categories.map((c) => [c.id, c.name]));
    const products = rows.map((r) => ({
      id: Number(r.id), name: String(r.name), url: productUrl({ id: Number(r.id), name: String(r.name) }),
      price: Number(r.list_price), category: Array.isArray(r.categ_id) ? names.get(Number(r.categ_id[0])) ?? null : null,
      imageId: pictures.get(Number(r.id)) ?? null,
    }));
    return { products, total, page, pageCount, filters };
  }

  /**
   * The filter panel and the checked values grouped by attribute (unknown values dropped): the
   * attributes and values offered by the templates of `base`, plus the checked ones.
   */
  private async attributeFilters(env: Env, base: Domain, checked: number[]): Promise<{ groups: number[][]; filters: AttributeFilter[] }> {
    const sudo = env.sudo();
    const onTemplate: Domain = base.map((leaf) => (Array.isArray(leaf) ? [`product_tmpl_id.${String(leaf[0])}`, leaf[1], leaf[2]] : leaf)) as Domain;
    const offered = await sudo.model(TEMPLATE_VALUE_MODEL).search_read(onTemplate, ['attribute_value_id'], { limit: 5000 });
    const valueIds = new Set([...offered.map((o) => Number((o.attribute_value_id as [number, string])[0])), ...checked]);
    if (!valueIds.size) return { groups: [], filters: [] };
    const values = await sudo.model(ATTRIBUTE_VALUE_MODEL).search_read([['id', 'in', [...valueIds]]], ['name', 'attribute_id']);
    const attrOf = (v: Record<string, unknown>) => Number((v.attribute_id as [number, string])[0]);
    const attrs = await sudo.model(ATTRIBUTE_MODEL).search_read([['id', 'in', [...new Set(values.map(attrOf))]]], ['name']);
    const picked = new Set(checked);
    const byAttr = new Map<number, number[]>();
    for (const v of values) if (picked.has(Number(v.id))) byAttr.set(attrOf(v), [...(byAttr.get(attrOf(v)) ?? []), Number(v.id)]);
    const filters = attrs.map((a) => ({
      id: Number(a.id), name: String(a.name),
      values: values.filter((v) => attrOf(v) === Number(a.id)).map((v) => ({ id: Number(v.id), name: String(v.name), checked: picked.has(Number(v.id)) })),
    }));
    return { groups: [...byAttr.values()], filters };
  }

  /**
   * For each template, the active variant whose picture to show: the first variant when it or the
   * template has a picture, else the first one with a picture of its own; templates without any are
   * left out. One query.
   */
  async pictures(env: Env, templateIds: number[]): Promise<Map<number, number>> {
    if (!templateIds.length) return new Map();
    const db = env.sudo().db;
    const rows = await db('product_product as p').join('product_template as t', 't.id', 'p.product_tmpl_id')
      .whereIn('t.id', templateIds).where('p.active', true).orderBy('p.id')
      .select('p.id as id', 't.id as tmpl', db.raw("case when p.image is not null and p.image <> '' then 1 else 0 end as own"),
        db.raw("case when t.image is not null and t.image <> '' then 1 else 0 end as inherited"));
    const first = new Map<number, number>();
    const out = new Map<number, number>();
    for (const r of rows) {
      const tmpl = Number(r.tmpl);
      if (!first.has(tmpl)) {
        first.set(tmpl, Number(r.id));
        if (Number(r.own) || Number(r.inherited)) out.set(tmpl, Number(r.id));
      } else if (!out.has(tmpl) && Number(r.own)) out.set(tmpl, Number(r.id));
    }
    return out;
  }

  /** Of these variants, the ones with a picture (their own or their product's). One query. */
  async picturedVariants(env: Env, variantIds: number[]): Promise<number[]> {
    if (!variantIds.length) return [];
    const db = env.sudo().db;
    const rows = await db('product_product as p').join('product_template as t', 't.id', 'p.product_tmpl_id').whereIn('p.id', variantIds)
      .where((w) => { w.where((o) => o.whereNotNull('p.image').andWhere('p.image', '<>', '')).orWhere((o) => o.whereNotNull('t.image').andWhere('t.image', '<>', '')); })
      .select('p.id as id');
    return rows.map((r) => Number(r.id));
  }

  /**
   * The product page: the template (if the caller may see it), its attributes with the values offered,
   * and the variant the chosen values make (`valueIds`, else the variant asked, else the first one).
   */
  async productPage(env: Env, templateId: number, pick: { valueIds?: number[]; variantId?: number }, categories: CategoryNode[]): Promise<ProductPage | null> {
    const [tmpl] = await env.model(TEMPLATE_MODEL).search_read([['id', '=', templateId], ['active', '=', true]], ['name', 'description', 'categ_id', 'website_published']);
    if (!tmpl) return null;
    const sudo = env.sudo();
    const offered = await sudo.model(TEMPLATE_VALUE_MODEL).search_read([['product_tmpl_id', '=', templateId]], ['attribute_value_id', 'price_extra']);
    const extras = new Map(offered.map((o) => [Number((o.attribute_value_id as [number, string])[0]), toCents(o.price_extra)]));
    const values = extras.size ? await sudo.model(ATTRIBUTE_VALUE_MODEL).search_read([['id', 'in', [...extras.keys()]]], ['name', 'attribute_id', 'sequence']) : [];
    const attrIds = [...new Set(values.map((v) => Number((v.attribute_id as [number, string])[0])))];
    const attrs = attrIds.length ? await sudo.model(ATTRIBUTE_MODEL).search_read([['id', 'in', attrIds]], ['name']) : [];
    const variants = await this.variantsOf(env, templateId);

    let chosen: number[];
    if (pick.valueIds) chosen = pick.valueIds;
    else chosen = (variants.find((v) => v.id === pick.variantId) ?? variants[0])?.valueIds ?? [];
    // One value per attribute: the last one named wins, values not offered are dropped.
    const valueAttr = new Map(values.map((v) => [Number(v.id), Number((v.attribute_id as [number, string])[0])]));
    const byAttr = new Map<number, number>();
    for (const id of chosen) { const a = valueAttr.get(id); if (a !== undefined) byAttr.set(a, id); }
    const selected = [...byAttr.values()];
    const match = (ids: number[]) => variants.find((v) => v.valueIds.length === ids.length && ids.every((id) => v.valueIds.includes(id)));
    const found = selected.length === attrs.length ? match(selected) : undefined;

    const base = productUrl({ id: templateId, name: String(tmpl.name) });
    const choices: VariantChoice[] = attrs.map((a) => {
      const attrId = Number(a.id);
      return {
        attributeId: attrId, attributeName: String(a.name),
        values: values.filter((v) => valueAttr.get(Number(v.id)) === attrId).map((v) => {
          const id = Number(v.id);
          const combo = [...[...byAttr.entries()].filter(([k]) => k !== attrId).map(([, val]) => val), id];
          return {
            id, name: String(v.name), priceExtra: fromCents(extras.get(id) ?? 0), selected: byAttr.get(attrId) === id,
            url: `${base}?values=${combo.sort((x, y) => x - y).join(',')}`, available: Boolean(match(combo)) || combo.length < attrs.length,
          };
        }),
      };
    });
    const category = Array.isArray(tmpl.categ_id) ? categories.find((c) => c.id === Number((tmpl.categ_id as [number, string])[0])) ?? null : null;
    const variant = found ? await this.sellable(env, found.id) : null;
    // The chosen variant's picture (its own or the product's); with no variant chosen, the product's.
    const shown = found?.id ?? variants[0]?.id;
    const imageId = shown !== undefined && (await this.picturedVariants(env, [shown])).length ? shown : null;
    return {
      id: templateId, name: String(tmpl.name), description: typeof tmpl.description === 'string' ? tmpl.description : '', url: base,
      category, imageId, choices, variant,
    };
  }

  /**
   * Whether visitors may see this product now (active and published), whoever asks: what a product's
   * analytics events may name (a sales manager previewing a draft does not count as a view).
   */
  async isPublished(env: Env, templateId: number): Promise<boolean> {
    const row = await env.sudo().db('product_template').where({ id: templateId }).first('active', 'website_published');
    return Boolean(row) && truthy(row.active) && truthy(row.website_published);
  }

  /** The template's variants the caller may see (the rules: active ones for visitors), with their values. */
  private async variantsOf(env: Env, templateId: number): Promise<Array<{ id: number; valueIds: number[] }>> {
    const rows = await env.model(PRODUCT_MODEL).search_read([['product_tmpl_id', '=', templateId], ['active', '=', true]], ['value_ids'], { limit: 500 });
    return rows.map((r) => ({ id: Number(r.id), valueIds: (r.value_ids as number[]).map(Number) }));
  }

  /**
   * The variant if it can be sold now: the caller may see it, it is active, and its product is active
   * and published. Its price: the template's price plus the extras of its values on that template.
   */
  async sellable(env: Env, productId: number): Promise<SellableVariant | null> {
    return this.sellables.get(`${env.uid}|${env.lang}|${productId}`, () => this.readSellable(env, productId));
  }

  private async readSellable(env: Env, productId: number): Promise<SellableVariant | null> {
    // The caller's rights decide whether the variant is visible (their rules as a sub-query of the
    // read); one read whatever its values: a row per value in value order (one without a value when it
    // has none), each with the extra its template adds (none when the template no longer offers it).
    const visible = env.model(PRODUCT_MODEL).subquery([['id', '=', productId]]);
    const db = env.sudo().db;
    const rows = await db('product_product as p').join('product_template as t', 't.id', 'p.product_tmpl_id')
      .leftJoin('product_variant_value_rel as r', 'r.product_id', 'p.id')
      .leftJoin('product_attribute_value as v', 'v.id', 'r.value_id')
      .leftJoin('product_template_attribute_value as tv', (j) => { j.on('tv.attribute_value_id', '=', 'r.value_id').andOn('tv.product_tmpl_id', '=', 't.id'); })
      .where('p.id', productId).whereIn('p.id', visible).orderBy('r.value_id')
      .select('p.active as active', 't.id as tmpl_id', 't.name as name', 't.list_price as list_price', 't.website_published as published', 't.active as tmpl_active',
        'r.value_id as value_id', 'v.name as value_name', 'tv.price_extra as price_extra');
    const row = rows[0];
    if (!row || !truthy(row.active) || !truthy(row.published) || !truthy(row.tmpl_active)) return null;
    const templateId = Number(row.tmpl_id);
    const values = rows.filter((v) => v.value_id != null);
    const cents = values.reduce((sum, v) => sum + (v.price_extra == null ? 0 : toCents(v.price_extra)), toCents(row.list_price));
    const label = values.map((v) => String(v.value_name));
    const templateName = String(row.name);
    return {
      id: productId, templateId, templateName, price: fromCents(cents),
      displayName: label.length ? `${templateName} (${label.join(', ')})` : templateName,
    };
  }
}
