import type { ScaffoldNames } from '../scaffold-names';

/** web/pages/items-page.tsx: a server-rendered page, readable and usable without JavaScript. */
export function pageFile(n: ScaffoldNames): string {
  return `import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import type { ${n.pascal}ItemSummary } from '../../common/item-schema';
import ItemForm from '../islands/item-form';
import ItemList from '../islands/item-list';

export interface ItemsPageProps {
  items: ${n.pascal}ItemSummary[];
  /** The form to add an item is shown to those who may (internal users). */
  canCreate: boolean;
  csrfToken: string;
  /** A refused post: what was typed, and the message of each field. */
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
}

function ItemsBody(p: ItemsPageProps) {
  const _t = useT();
  return (
    <section className="container py-4 ${n.kebab}">
      <h1>{_t('${n.title}')}</h1>
      <ItemList items={p.items} />
      {p.canCreate ? <ItemForm csrfToken={p.csrfToken} values={p.values} errors={p.errors} /> : null}
    </section>
  );
}

/** \`${n.url}\`: rendered here on the server; its islands take the list and the form over in the browser. */
export function itemsPage(props: ItemsPageProps) {
  return page('${n.title}', <ItemsBody {...props} />, { status: props.errors ? 400 : 200 });
}
`;
}
