import { useState, type ChangeEvent } from 'react';
import { defineIsland } from '@platform/web/island';
import { rpc, RpcError } from '@platform/web/client/rpc';
import { useT } from '@platform/web/client/web-context';

export interface LogoUploadProps {
  siteId: number;
  hasLogo: boolean;
}

/** What the server accepts too (it checks the bytes, not the name): raster images up to 1 MB. */
const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_BYTES = 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * The site's logo: a preview, a file input that uploads at once, and a remove button. Files are
 * posted as base64 JSON (form posts carry no files on this platform); the server checks them again.
 */
function LogoUpload({ siteId, hasLogo }: LogoUploadProps) {
  const _t = useT();
  const [version, setVersion] = useState(hasLogo ? 1 : 0);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (image: string, done: string) => {
    setBusy(true);
    setError('');
    setStatus('');
    try {
      await rpc('/website/settings/logo', { image });
      setVersion(image ? version + 1 : 0);
      setStatus(done);
    } catch (err) {
      setError(err instanceof RpcError ? err.message : _t('The logo could not be sent. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type)) return setError(_t('The logo must be a PNG, JPEG, WebP or GIF image.'));
    if (file.size > MAX_BYTES) return setError(_t('The logo is too large: at most 1 MB.'));
    await send(await readAsDataUrl(file), _t('The logo has been saved.'));
  };

  return (
    <div className="logo-upload">
      {version ? (
        <img className="mw-100 object-fit-contain border rounded p-2 mb-3 d-block" height={96} alt={_t('Current logo')}
          src={`/web/image/website/${siteId}/logo?v=${version}`} />
      ) : <p className="text-body-secondary">{_t('No logo yet: the header shows the site name.')}</p>}
      <label className="form-label" htmlFor="settings-logo">{_t('Upload a logo')}</label>
      <input id="settings-logo" type="file" accept={TYPES.join(',')} disabled={busy} onChange={(e) => void choose(e)}
        className={`form-control${error ? ' is-invalid' : ''}`} aria-invalid={error ? 'true' : undefined}
        aria-describedby={`settings-logo-help${error ? ' settings-logo-error' : ''}`} />
      <div id="settings-logo-help" className="form-text">{_t('PNG, JPEG, WebP or GIF, at most 1 MB.')}</div>
      {error ? <div id="settings-logo-error" className="invalid-feedback" role="alert">{error}</div> : null}
      {status ? <div className="alert alert-success mt-2 mb-0" role="status">{status}</div> : null}
      {version ? <button type="button" className="btn btn-outline-danger btn-sm mt-3" disabled={busy} onClick={() => void send('', _t('The logo has been removed.'))}>{_t('Remove the logo')}</button> : null}
    </div>
  );
}

export default defineIsland('base.logo_upload', LogoUpload);
