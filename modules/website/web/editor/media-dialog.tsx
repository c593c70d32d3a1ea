import { useEffect, useId, useRef, useState } from 'react';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import { altFromName, uploadEditorImage } from '@platform/web/client/editor';

interface MediaItem { id: number; name: string; src: string; thumb: string }
interface MediaPage { items: MediaItem[]; total: number; pageSize: number }

/**
 * The site's media library: the images uploaded on this site as a grid of thumbnails (newest first),
 * searched by name, with "Load more"; or a new upload (checked on the server from its bytes), which
 * is then picked. Picking answers the image's URL and a first description.
 */
export function MediaDialog({ pageId, onPick, onClose }: { pageId: number; onPick: (src: string, alt: string) => void; onClose: () => void }) {
  const _t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<MediaItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);

  const load = async (query: string, offset: number) => {
    setLoading(true);
    setError('');
    try {
      const page = await rpc<MediaPage>('/website/media/list', { search: query, offset });
      setItems((before) => (offset ? [...before, ...page.items] : page.items));
      setTotal(page.total);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    // Typing searches after a short pause, not at each key.
    const timer = setTimeout(() => void load(search, 0), search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search]);

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    setError('');
    try {
      const { src, alt } = await uploadEditorImage(picked, '/website/image/upload', { res_model: 'website.page', res_id: pageId }, _t);
      onPick(src, alt);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <ModalDialog open title={_t('Media library')} onClose={onClose}
      footer={(
        <>
          <button type="button" className="btn btn-primary media-upload" onClick={() => file.current?.click()} disabled={uploading}>{uploading ? _t('Uploading…') : _t('Upload an image')}</button>
          <input ref={file} type="file" className="visually-hidden" tabIndex={-1} aria-label={_t('Image file')} accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => void upload(e.target.files?.[0])} />
        </>
      )}>
      <label className="form-label" htmlFor={`${id}-search`}>{_t('Search by name')}</label>
      <input id={`${id}-search`} type="search" className="form-control mb-3 media-search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {error ? <div className="alert alert-danger" role="alert">{error}</div> : null}
      <p className="visually-hidden" role="status">{loading ? _t('Loading…') : _t('%d images').replace('%d', String(total))}</p>
      {!loading && !items.length ? <p className="text-body-secondary media-empty">{search ? _t('No image matches this name.') : _t('No image yet: upload the first one.')}</p> : null}
      <ul className="media-grid list-unstyled">
        {items.map((m) => (
          <li key={m.id}>
            <button type="button" className="media-choice" onClick={() => onPick(m.src, altFromName(m.name))}>
              <img src={m.thumb} alt="" loading="lazy" width={128} height={96} />
              <span className="media-name">{m.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {items.length < total ? <button type="button" className="btn btn-outline-secondary btn-sm" disabled={loading} onClick={() => void load(search, items.length)}>{_t('Load more')}</button> : null}
    </ModalDialog>
  );
}
