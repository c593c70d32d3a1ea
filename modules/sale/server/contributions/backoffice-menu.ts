import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { CATEGORY_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL } from '../models/product-catalog';
import { ORDER_MODEL } from '../models/sale-order';

/** A minimal Sales app in the back office (/web): orders (read-only), products, variants and categories. */
@injectable()
export class SaleBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'sale.app', name: 'Sales', sequence: 100 },
      { id: 'sale.orders', parent: 'sale.app', name: 'Orders', sequence: 10, action: { model: ORDER_MODEL, columns: ['name', 'partner_id', 'state', 'amount_total', 'payment_tx_id', 'date_order', 'website_id'] } },
      { id: 'sale.products', parent: 'sale.app', name: 'Products', sequence: 20, action: { model: TEMPLATE_MODEL, columns: ['name', 'categ_id', 'list_price', 'website_published'] } },
      { id: 'sale.variants', parent: 'sale.app', name: 'Variants', sequence: 30, action: { model: PRODUCT_MODEL, columns: ['product_tmpl_id', 'value_ids', 'active'] } },
      { id: 'sale.categories', parent: 'sale.app', name: 'Categories', sequence: 40, action: { model: CATEGORY_MODEL, columns: ['complete_name', 'parent_id'] } },
      { id: 'sale.carriers', parent: 'sale.app', name: 'Shipping methods', sequence: 50, action: { model: 'delivery.carrier', columns: ['name', 'fixed_price', 'free_over', 'amount', 'website_published'] } },
      { id: 'sale.analytics', parent: 'sale.app', name: 'Analytics', sequence: 60, groups: ['sale.group_sale_manager', 'base.group_system'], action: { screen: 'sale.analytics' } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [{ target: { screen: 'sale.analytics' }, file: path.join(__dirname, '..', '..', 'web', 'backoffice', 'shop-analytics.tsx') }];
  }
}
