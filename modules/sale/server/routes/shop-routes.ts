import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { TranslationCatalog } from '@platform/web';
import {
  CART_UPDATE_JSON_URL, CART_UPDATE_URL, CART_URL, SHOP_URL, UNIT_PRICE_URL, cartQuerySchema, cartUpdateSchema, unitPriceSchema, productQuerySchema, productUrl, shopQuerySchema, slugId,
} from '../../common/shop-schemas';
import { cartPage, cartPopover, productPage, shopPage } from '../../web/pages/shop-pages';
import { CartService } from '../services/cart-service';
import { CatalogService } from '../services/catalog-service';
import { EcomStats } from '../services/ecom-stats';

/** Cart writes per client address (an IPv6 /64) and per account, per minute. */
const CART_RATE = { name: 'sale.cart_update', limit: 60, perAccount: 60, windowSeconds: 60 };

/**
 * The shop's pages (`/shop`, `/shop/product/<slug>`, `/shop/cart`) and the cart's updates: a JSON call
 * and a plain form post that works without JavaScript. Both name a product or a line and a quantity;
 * the cart service prices and checks everything.
 */
@injectable()
export class ShopRoutes implements RouteContribution {
  constructor(
    @inject(CatalogService) private readonly catalog: CatalogService,
    @inject(CartService) private readonly cart: CartService,
    @inject(EcomStats) private readonly stats: EcomStats,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        // A visitor without a session (no cart yet) gets the same listing as every other: kept in the public page
        // cache, emptied by any write to what it shows (products, prices, categories); a visitor with a cart is
        // rendered (the header shows its quantity).
        path: SHOP_URL, type: 'http', auth: 'public', params: shopQuerySchema, cache: 'public',
        handler: async (req) => {
          const categories = await this.catalog.categories(req.env);
          const category = req.params.category && categories.some((c) => c.id === req.params.category) ? req.params.category : null;
          const list = await this.catalog.listing(req.env, { ...req.params, category: category ?? undefined }, categories);
          return shopPage({
            ...list, categories, category, search: req.params.search, currency: await this.catalog.currency(req.env),
            cartQuantity: await this.cartQuantity(req),
          });
        },
      }),
      route({
        // Like /shop: the same page for every visitor without a session (its add-to-cart form carries no
        // per-visitor token, and its view is recorded by the browser through /stats/ecom/product_view), kept in
        // the public page cache and emptied by any write to what it shows; a visitor with a cart gets a render.
        path: '/shop/product/:slug', type: 'http', auth: 'public', params: productQuerySchema, cache: 'public',
        handler: async (req) => {
          const id = slugId(req.pathParams.slug);
          const categories = await this.catalog.categories(req.env);
          const valueIds = req.params.values?.split(',').map(Number);
          const product = id === null ? null : await this.catalog.productPage(req.env, id, { valueIds, variantId: req.params.variant }, categories);
          if (!product) return req.reply.notFound();
          if (req.pathParams.slug !== productUrl(product).split('/').pop()) {
            const query = req.http.url.includes('?') ? req.http.url.slice(req.http.url.indexOf('?')) : '';
            return req.reply.redirect(`${product.url}${query}`, { status: 301 });
          }
          return productPage({ product, currency: await this.catalog.currency(req.env), cartQuantity: await this.cartQuantity(req) });
        },
      }),
      route({
        path: CART_URL, type: 'http', auth: 'public', params: cartQuerySchema,
        handler: async (req) => {
          if (req.params.type !== 'popover') return this.cartPage(req);
          // The header's preview: the lines alone, never kept by a cache (they change with every update).
          const cart = await this.cart.view(req);
          const t = (s: string) => this.translations.translate(req.site.modules, req.lang, s);
          req.reply.header('Cache-Control', 'no-cache, no-store');
          req.reply.send(cartPopover(cart, t), 'text/html; charset=utf-8');
          return undefined;
        },
      }),
      route({
        // Posted by the product page's form, which is cached for all visitors and so holds no per-visitor token:
        // the browser must say the post comes from this site (Sec-Fetch-Site, else Origin); see same-origin.ts.
        path: CART_UPDATE_URL, type: 'http', auth: 'public', methods: ['POST'], params: cartUpdateSchema, rateLimit: CART_RATE, csrf: 'origin',
        invalid: async (req, errors) => this.cartPage(req, Object.values(errors).join(' ')),
        handler: async (req) => {
          try {
            await this.cart.update(req, req.params);
            if (req.params.add_qty) this.stats.record(req, 'product_add_to_cart', req.params.product_id);
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            return this.cartPage(req, e.message);
          }
          return req.reply.redirect(CART_URL, { status: 303 });
        },
      }),
      route({
        // Prices are per unit whatever the quantity (no quantity breaks yet): the catalogue's, for what the caller may buy.
        path: UNIT_PRICE_URL, type: 'json', auth: 'public', params: unitPriceSchema,
        handler: async (req) => {
          const prices: Record<number, number> = {};
          for (const id of new Set(req.params.product_ids)) {
            const variant = await this.catalog.sellable(req.env, id);
            if (variant) prices[id] = variant.price;
          }
          return prices;
        },
      }),
      route({
        path: CART_UPDATE_JSON_URL, type: 'json', auth: 'public', params: cartUpdateSchema, rateLimit: CART_RATE,
        handler: async (req) => {
          const result = await this.cart.update(req, req.params);
          if (req.params.add_qty) this.stats.record(req, 'product_add_to_cart', req.params.product_id);
          return result;
        },
      }),
    ];
  }

  /** The cart page, with a refused update's message (and a 400) when there is one. */
  private async cartPage(req: RequestContext, error?: string) {
    return cartPage({ cart: await this.cart.view(req), ...(error === undefined ? {} : { error, status: 400 }) });
  }

  private async cartQuantity(req: RequestContext): Promise<number> {
    return (await this.cart.view(req)).quantity;
  }
}
