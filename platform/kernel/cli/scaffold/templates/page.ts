import type { ScaffoldNames } from '../scaffold-names';

/** web/pages/items-page.tsx: a server-rendered page, readable without JavaScript. */
export function pageFile(n: ScaffoldNames): string {
  return `import { page } from '@platform/web/render';
import type { ${n.pascal}ItemSummary } from '../../server/services/item-service';
import ItemList from '../islands/item-list';

export interface ItemsPageProps {
  items: ${n.pascal}ItemSummary[];
}

/** \`${n.url}\`: the list is rendered here on the server; its island takes it over in the browser. */
export function itemsPage({ items }: ItemsPageProps) {
  return page('${n.title}', (
    <section className="${n.kebab}">
      <h1>${n.title}</h1>
      <ItemList items={items} />
    </section>
  ));
}
`;
}
