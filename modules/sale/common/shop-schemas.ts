/*
 * What the browser and the server share for the shop: limits, URLs, the schemas of the listing, the
 * product page and the cart calls, the page-prop types and the money format. No Node or DOM API here.
 */
import { array, number, object, string, type InferType } from 'yup';

/** Products per listing page (the reference's PPG). */
export const PRODUCTS_PER_PAGE = 20;
/** The most of one product a cart line may hold: asking more keeps this many and answers a warning. */
export const MAX_LINE_QTY = 100;
/** A quantity past this is not a quantity but a mistake or an attack: refused, nothing written. */
export const MAX_QTY_INPUT = 1_000_000;
export const SEARCH_MAX = 100;
export const MAX_PAGE = 10_000;
/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;

export const SHOP_URL = '/shop';
export const CART_URL = '/shop/cart';
export const CART_UPDATE_URL = '/shop/cart/update';
export const CART_UPDATE_JSON_URL = '/shop/cart/update_json';
/** The cart's lines as an HTML fragment, for the header's preview. */
export const CART_POPOVER_URL = '/shop/cart?type=popover';
/** The spec's product view event, which the product page's browser sends (the page itself is the same for every visitor). */
export const productViewUrl = (templateId: number) => `/stats/ecom/product_view/${templateId}`;
/** The preview shows after the pointer has rested this long on the cart link (spec: 100 ms)... */
export const POPOVER_SHOW_DELAY_MS = 100;
/** ...and hides this long after it left the link and the preview (spec: 1 s). */
export const POPOVER_HIDE_DELAY_MS = 1000;

export const QTY_MESSAGES = {
  notNumber: 'The quantity must be a whole number.',
  negative: 'The quantity cannot be negative.',
  tooBig: `The quantity is too large (at most ${MAX_QTY_INPUT}).`,
  addAtLeastOne: 'Add at least 1.',
  lineMax: (asked: number) => `You asked for ${asked} but at most ${MAX_LINE_QTY} can be ordered per line: the quantity is now ${MAX_LINE_QTY}.`,
  unknownProduct: 'This product is not available.',
  foreignLine: 'This line is not in your cart.',
  nothingToDo: 'Give a quantity to add or to set.',
};

const id = (label: string) => number().typeError(`${label} must be a number.`).integer(`${label} must be a whole number.`).min(1, `${label} is not valid.`).max(MAX_ID, `${label} is not valid.`);
const qty = () => number().typeError(QTY_MESSAGES.notNumber).integer(QTY_MESSAGES.notNumber).min(0, QTY_MESSAGES.negative).max(MAX_QTY_INPUT, QTY_MESSAGES.tooBig);

/**
 * `/shop/cart/update_json` and the form `/shop/cart/update`: `set_qty` (0 removes the line) or `add_qty`
 * (at least 1) for a product, or for a line of the caller's cart (`line_id`). No price: the server prices.
 */
export const cartUpdateSchema = object({
  product_id: id('The product').required('Choose a product.'),
  line_id: id('The line').optional(),
  add_qty: qty().min(1, QTY_MESSAGES.addAtLeastOne).optional(),
  set_qty: qty().optional(),
});
export type CartUpdate = InferType<typeof cartUpdateSchema>;

export const UNIT_PRICE_URL = '/shop/get_unit_price';
/** The most products one `/shop/get_unit_price` call prices. */
export const UNIT_PRICE_MAX_IDS = 50;

/** `/shop/get_unit_price`: the spec's `product_ids` and `add_qty`; answers the unit price per id (sellable ones only). */
export const unitPriceSchema = object({
  product_ids: array(id('The product').required()).min(1, 'Choose a product.').max(UNIT_PRICE_MAX_IDS, `At most ${UNIT_PRICE_MAX_IDS} products.`).required('Choose a product.'),
  add_qty: qty().min(1, QTY_MESSAGES.addAtLeastOne).default(1),
});

/** The most attribute values one `/shop` listing filters on. */
export const MAX_ATTRIB_FILTERS = 30;

/**
 * `/shop?search=&category=&page=&attrib=<attribute id>-<value id>` (`attrib` repeated: the values of
 * one attribute are alternatives, different attributes must all match). One value arrives as a string,
 * several as an array.
 */
export const shopQuerySchema = object({
  search: string().trim().max(SEARCH_MAX, `The search is too long (at most ${SEARCH_MAX} characters).`).default(''),
  category: id('The category').optional(),
  page: number().typeError('The page must be a number.').integer().min(1).max(MAX_PAGE).optional(),
  attrib: array(string().required().max(21).matches(/^\d{1,10}-\d{1,10}$/, 'The filter is not valid.'))
    .transform((_value: unknown, original: unknown) => (original === undefined || original === '' ? undefined : Array.isArray(original) ? original : [original]))
    .max(MAX_ATTRIB_FILTERS, `At most ${MAX_ATTRIB_FILTERS} filters.`).optional(),
});
export type ShopQuery = InferType<typeof shopQuerySchema>;

/** `/shop/cart` and its preview `?type=popover`. */
export const cartQuerySchema = object({
  type: string().oneOf(['popover'], 'Unknown cart view.').optional(),
});

/** `/shop/product/<slug>?values=3,7` (attribute values chosen) or `?variant=<id>`. */
export const productQuerySchema = object({
  values: string().max(200).matches(/^\d{1,10}(,\d{1,10}){0,19}$/, 'The combination is not valid.').optional(),
  variant: id('The variant').optional(),
});

/** What `/shop/cart/update_json` answers. */
export interface CartUpdateResult {
  line_id: number | null;
  quantity: number;
  cart_quantity: number;
  /** The line's and the cart's new amounts, as the server computed them (the page shows them). */
  line_subtotal: number;
  amount_total: number;
  warning?: string;
}

/** `name-<id>`: lower-case words of the name joined by dashes, then the id (the id alone when no word is left). */
export function slug(name: string, recordId: number): string {
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return words ? `${words}-${recordId}` : String(recordId);
}

/** The id at the end of a slug, or null. */
export function slugId(text: string): number | null {
  const m = /(?:^|-)(\d{1,10})$/.exec(text);
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

export function productUrl(p: { id: number; name: string }): string {
  return `/shop/product/${slug(p.name, p.id)}`;
}

/** `attrib` values: `<attribute id>-<value id>`. */
export interface AttribPick { attributeId: number; valueId: number }

export function parseAttribs(raw: readonly string[] | undefined): AttribPick[] {
  return (raw ?? []).map((a) => a.split('-').map(Number)).map(([attributeId, valueId]) => ({ attributeId, valueId }));
}

export function shopUrl(q: { search?: string; category?: number | null; page?: number; attribs?: readonly AttribPick[] }): string {
  const args = new URLSearchParams();
  if (q.search) args.set('search', q.search);
  if (q.category) args.set('category', String(q.category));
  for (const a of q.attribs ?? []) args.append('attrib', `${a.attributeId}-${a.valueId}`);
  if (q.page && q.page > 1) args.set('page', String(q.page));
  const s = args.toString();
  return s ? `${SHOP_URL}?${s}` : SHOP_URL;
}

export interface Money {
  symbol: string;
  decimals: number;
}

/** `€ 12.50` style: symbol then the amount at the currency's decimals. */
export function formatMoney(amount: number, currency: Money): string {
  const fixed = amount.toFixed(currency.decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency.symbol} ${frac ? `${grouped}.${frac}` : grouped}`;
}

export interface ProductCard {
  id: number;
  name: string;
  url: string;
  price: number;
  category: string | null;
  /** The variant whose picture the card shows (its own or its product's), null without a picture. */
  imageId: number | null;
}

/** An attribute of the listed products and its values, for the filter panel. */
export interface AttributeFilter {
  id: number;
  name: string;
  values: Array<{ id: number; name: string; checked: boolean }>;
}

/** A variant's picture (its own, else its product's) at a size the image route makes. */
export function variantImageUrl(variantId: number, size: 'image' | 'image_medium' | 'image_small' = 'image_medium'): string {
  return `/web/image/product.product/${variantId}/image${size === 'image' ? '' : `?size=${size}`}`;
}

export interface CategoryNode {
  id: number;
  name: string;
  completeName: string;
  parentId: number | null;
}

export interface VariantChoice {
  attributeId: number;
  attributeName: string;
  values: Array<{ id: number; name: string; priceExtra: number; selected: boolean; url: string; available: boolean }>;
}

export interface CartLineView {
  id: number;
  productId: number;
  name: string;
  url: string;
  qty: number;
  priceUnit: number;
  subtotal: number;
  /** The variant has a picture (its own or its product's): `/web/image/product.product/<productId>/image`. */
  hasImage: boolean;
}

export interface CartView {
  id: number | null;
  lines: CartLineView[];
  amountTotal: number;
  quantity: number;
  currency: Money;
}
