import { useState } from 'react';
import { confirmDialog, defineIsland, rpc, RpcError, showErrorDialog, useT } from '@platform/web/client';

export interface PublishToggleProps {
  id: number;
  object: string;
  published: boolean;
  /** The home page (`/`): always published (the server refuses otherwise), so no Unpublish button. */
  home?: boolean;
}

/**
 * The publish toggle: flips the displayed state and takes the published flag from the server's answer;
 * a refusal (not a publisher any more, record gone) opens an error dialog with the server's message.
 * Unpublishing asks first: one click would otherwise take the page away from every visitor.
 */
function PublishToggle({ id, object, published: initial, home = false }: PublishToggleProps) {
  const _t = useT();
  const [published, setPublished] = useState(initial);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (published && !(await confirmDialog({
      title: _t('Unpublish this page?'),
      message: _t('Visitors will no longer see it: its address will answer "page not found" until it is published again.'),
      confirm: _t('Unpublish'), cancel: _t('Cancel'),
    }))) return;
    setBusy(true);
    try {
      setPublished(await rpc<boolean>('/website/publish', { id, object }));
    } catch (err) {
      showErrorDialog(_t('Error'), err instanceof RpcError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`publish-toggle card flex-row ${published ? 'is-published' : 'is-unpublished'}`}>
      <span className={`publish-state badge ${published ? 'text-bg-success' : 'text-bg-danger'}`} role="status">{published ? _t('Published') : _t('Unpublished')}</span>
      {home && published ? <span className="small text-body-secondary">{_t('The home page is always published.')}</span> : (
        <button type="button" className="btn btn-sm btn-outline-primary btn-publish" onClick={toggle} disabled={busy} aria-pressed={published}>
          {published ? _t('Unpublish') : _t('Publish')}
        </button>
      )}
    </div>
  );
}

export default defineIsland('website.publish_toggle', PublishToggle);
