import { useEffect } from 'react';
import { defineIsland, rpc } from '@platform/web/client';
import { productViewUrl } from '../../common/shop-schemas';

export interface ProductViewProps {
  /** The product (template) the page shows. */
  productId: number;
}

/**
 * Records the product page's view (the spec's `/stats/ecom/product_view/<id>`) once the page is shown in
 * a browser. The server cannot record it as it answers: the page is the same for every visitor and
 * mostly comes from the public page cache. Shows nothing; a refused or lost call is ignored (analytics
 * never bothers the visitor).
 */
function ProductView({ productId }: ProductViewProps) {
  useEffect(() => {
    rpc(productViewUrl(productId)).catch(() => undefined);
  }, [productId]);
  return null;
}

export default defineIsland('sale.product_view', ProductView);
