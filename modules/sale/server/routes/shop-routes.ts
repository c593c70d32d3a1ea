import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import {
  CART_UPDATE_JSON_URL, CART_UPDATE_URL, CART_URL, SHOP_URL, UNIT_PRICE_URL, cartUpdateSchema, unitPriceSchema, productQuerySchema, productUrl, shopQuerySchema, slugId,
} from '../../common/shop-schemas';
import { cartPage, productPage, shopPage } from '../../web/pages/shop-pages';
import { CartService } from '../services/cart-service';
import { CatalogService } from '../services/catalog-service';
import { EcomStats } from '../services/ecom-stats';

/** Cart writes per client address (an IPv6 /64) and per account, per minute. */
const CART_RATE = { name: 'sale.cart_update', limit: 60, perAccount: 60, windowSeconds: 60 };

/**
 * The shop's pages (`/shop`, `/shop/product/<slug>`, `/shop/cart`) and the cart's updates: a JSON call
 * and a plain form post (CSRF) that works without JavaScript. Both name a product or a line and a
 * quantity; the cart service prices and checks everything.
 */
@injectable()
export class ShopRoutes implements RouteContribution {
  constructor(
    @inject(CatalogService) private readonly catalog: CatalogService,
    @inject(CartService) private readonly cart: CartService,
    @inject(EcomStats) private readonly stats: EcomStats,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: SHOP_URL, type: 'http', auth: 'public', params: shopQuerySchema,
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
        path: '/shop/product/:slug', type: 'http', auth: 'public', params: productQuerySchema,
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
          await this.stats.record(req, 'product_view', product.id);
          return productPage({ product, currency: await this.catalog.currency(req.env), csrfToken: req.csrfToken(), cartQuantity: await this.cartQuantity(req) });
        },
      }),
      {
        path: CART_URL, type: 'http', auth: 'public',
        handler: async (req) => cartPage({ cart: await this.cart.view(req), csrfToken: req.csrfToken() }),
      },
      route({
        path: CART_UPDATE_URL, type: 'http', auth: 'public', methods: ['POST'], params: cartUpdateSchema, rateLimit: CART_RATE,
        invalid: async (req, errors) => cartPage({ cart: await this.cart.view(req), csrfToken: req.csrfToken(), error: Object.values(errors).join(' '), status: 400 }),
        handler: async (req) => {
          try {
            await this.cart.update(req, req.params);
            if (req.params.add_qty) await this.stats.record(req, 'product_add_to_cart', req.params.product_id);
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            return cartPage({ cart: await this.cart.view(req), csrfToken: req.csrfToken(), error: e.message, status: 400 });
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
          if (req.params.add_qty) await this.stats.record(req, 'product_add_to_cart', req.params.product_id);
          return result;
        },
      }),
    ];
  }

  private async cartQuantity(req: RequestContext): Promise<number> {
    return (await this.cart.view(req)).quantity;
  }
}
