import { useState } from 'react';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';

export interface MenuItem {
  id: number;
  name: string;
}

/** The site menu's order, changed with up and down buttons (keyboard and screen readers included). */
export function MenuDialog({ open, items, onClose, onSaved }: { open: boolean; items: MenuItem[]; onClose: () => void; onSaved: () => void }) {
  const _t = useT();
  const [order, setOrder] = useState(items);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const move = (index: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    setOrder(next);
    setStatus(_t('%s moved to position %d.').replace('%s', item.name).replace('%d', String(index + by + 1)));
  };
  const save = async () => {
    setError('');
    try {
      await rpc('/website/menu/reorder', { ids: order.map((m) => m.id) });
      onSaved();
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    }
  };
  return (
    <ModalDialog open={open} title={_t('Menu order')} onClose={onClose}
      footer={<button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!order.length}>{_t('Save the order')}</button>}>
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      {order.length === 0 ? <p>{_t('The menu has no entries yet: tick "Show in the menu" in a page\'s properties.')}</p> : (
        <ol className="list-group list-group-numbered menu-order">
          {order.map((m, i) => (
            <li key={m.id} className="list-group-item d-flex align-items-center gap-2">
              <span className="flex-grow-1">{m.name}</span>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === 0} onClick={() => move(i, -1)}
                aria-label={_t('Move %s up').replace('%s', m.name)}>↑</button>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={i === order.length - 1} onClick={() => move(i, 1)}
                aria-label={_t('Move %s down').replace('%s', m.name)}>↓</button>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">{status}</p>
    </ModalDialog>
  );
}
