import type { ScaffoldNames } from '../scaffold-names';

/** web/islands/item-list.tsx: an interactive widget hydrated in the browser, talking to the JSON route. */
export function islandFile(n: ScaffoldNames): string {
  return `import { useState } from 'react';
import { defineIsland, rpc, useT } from '@platform/web/client';
import { ${n.constant}_ITEMS_URL, type ${n.pascal}ItemSummary } from '../../common/item-schema';

export interface ItemListProps {
  /** The items the server rendered the page with. */
  items: ${n.pascal}ItemSummary[];
}

/** The items, and a button that reloads them (e.g. after a colleague added one) without reloading the page. */
function ItemList(props: ItemListProps) {
  const _t = useT();
  const [items, setItems] = useState(props.items);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const reload = async () => {
    setLoading(true);
    setFailed(false);
    try {
      setItems(await rpc<${n.pascal}ItemSummary[]>(${n.constant}_ITEMS_URL, {}));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div aria-busy={loading}>
      {items.length ? (
        <ul className="list-group mb-3">
          {items.map((item) => (
            <li key={item.id} className="list-group-item">
              <strong>{item.name}</strong>
              {item.published ? null : <span className="badge text-bg-secondary ms-2">{_t('Draft')}</span>}
              {item.description ? <p className="mb-0">{item.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : <p>{_t('No items yet.')}</p>}
      <button type="button" className="btn btn-secondary" onClick={() => void reload()} disabled={loading}>{_t('Reload')}</button>
      {failed ? <p className="alert alert-danger mt-3" role="alert">{_t('The items could not be loaded. Try again later.')}</p> : null}
    </div>
  );
}

export default defineIsland('${n.island}', ItemList);
`;
}
