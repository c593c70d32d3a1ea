/**
 * Every name the generated files use, derived once from the module's name so that the file names, the
 * classes, the model, its table, the URL and the island of one module always agree.
 */
export interface ScaffoldNames {
  /** The module, lower_snake_case: `shop_reviews`. */
  module: string;
  /** For people: `Shop reviews` (page title, summary). */
  title: string;
  /** Classes: `ShopReviews` (`ShopReviewsItemService`). */
  pascal: string;
  /** Values: `shopReviews` (`shopReviewsModule`). */
  camel: string;
  /** File names and the URL: `shop-reviews`. */
  kebab: string;
  /** Constants: `SHOP_REVIEWS` (`SHOP_REVIEWS_ITEM_MODEL`). */
  constant: string;
  /** The model the module owns: `shop_reviews.item`. */
  model: string;
  /** Its table, named after the model as the ORM names it: `shop_reviews_item`. */
  table: string;
  /** The page that lists the items: `/shop-reviews` (the JSON route is `<url>/items`). */
  url: string;
  /** The island, `<module>.<widget>`: `shop_reviews.item_list`. */
  island: string;
}

export function scaffoldNames(module: string): ScaffoldNames {
  const words = module.split('_');
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const kebab = words.join('-');
  return {
    module,
    title: capital(words.join(' ')),
    pascal: words.map(capital).join(''),
    camel: words[0] + words.slice(1).map(capital).join(''),
    kebab,
    constant: module.toUpperCase(),
    model: `${module}.item`,
    table: `${module}_item`,
    url: `/${kebab}`,
    island: `${module}.item_list`,
  };
}
