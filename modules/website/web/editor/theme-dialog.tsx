import { useId, useRef, useState } from 'react';
import { Formik } from 'formik';
import { ModalDialog, rpc, RpcError, useT } from '@platform/web/client';
import { FAVICON_MAX_BYTES, hexToRgb, THEME_FONTS, themeSchema, type ThemeValues } from '../../common/theme';

export type ThemeState = ThemeValues & { hasFavicon: boolean };

/** WCAG contrast of white text on `hex` (buttons and primary blocks write white on the primary colour). */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = hexToRgb(hex).split(', ').map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The site's theme (designers): primary colour, font, favicon; the same schema is checked on the server. */
export function ThemeDialog({ theme, onSaved, onClose }: { theme: ThemeState; onSaved: () => void; onClose: () => void }) {
  const _t = useT();
  const id = useId();
  const [favicon, setFavicon] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const pickFavicon = async (f: File | undefined) => {
    setError('');
    if (!f) return;
    if (f.size > FAVICON_MAX_BYTES) {
      setError(_t('The favicon is too large: at most 256 KB.'));
      return;
    }
    setFavicon(await readAsBase64(f));
  };
  return (
    <Formik<ThemeValues> initialValues={{ primary_color: theme.primary_color, font: theme.font }} validationSchema={themeSchema}
      onSubmit={async (values) => {
        setError('');
        try {
          await rpc('/website/theme/save', { ...values, ...(favicon !== undefined ? { favicon } : {}) });
          onSaved();
        } catch (err) {
          setError(err instanceof RpcError ? err.message : String(err));
        }
      }}>
      {(f) => {
        const colorOk = /^#[0-9a-fA-F]{6}$/.test(f.values.primary_color);
        const lowContrast = colorOk && contrastWithWhite(f.values.primary_color) < 4.5;
        return (
          <ModalDialog open title={_t('Theme')} onClose={onClose}
            footer={<button type="button" className="btn btn-primary theme-save" disabled={f.isSubmitting} onClick={() => void f.submitForm()}>{_t('Save')}</button>}>
            {error ? <div className="alert alert-danger" role="alert">{_t(error)}</div> : null}
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-color`}>{_t('Primary colour')}</label>
              <div className="d-flex gap-2">
                <input type="color" className="form-control form-control-color" aria-label={_t('Pick the primary colour')} value={colorOk ? f.values.primary_color : '#000000'}
                  onChange={(e) => void f.setFieldValue('primary_color', e.target.value)} />
                <input id={`${id}-color`} name="primary_color" className={`form-control theme-color ${f.errors.primary_color ? 'is-invalid' : ''}`} value={f.values.primary_color}
                  onChange={f.handleChange} aria-describedby={`${id}-color-help`} maxLength={7} />
              </div>
              {f.errors.primary_color ? <div className="invalid-feedback d-block">{_t(f.errors.primary_color)}</div> : null}
              <div id={`${id}-color-help`} className={`form-text ${lowContrast ? 'text-danger-emphasis' : ''}`}>
                {lowContrast ? _t('White text on this colour is hard to read: choose a darker one.') : _t('Buttons, links and "Primary colour" backgrounds use it.')}
              </div>
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-font`}>{_t('Font')}</label>
              <select id={`${id}-font`} name="font" className="form-select theme-font" value={f.values.font} onChange={f.handleChange}>
                {Object.entries(THEME_FONTS).map(([key, font]) => <option key={key} value={key}>{_t(font.label)}</option>)}
              </select>
              <p className="mt-2 mb-0 p-2 border rounded" style={{ fontFamily: THEME_FONTS[f.values.font]?.stack }}>{_t('The quick brown fox jumps over the lazy dog.')}</p>
            </div>
            <div className="mb-1">
              <span className="form-label d-block" id={`${id}-fav`}>{_t('Favicon')}</span>
              <div className="d-flex flex-wrap align-items-center gap-2" role="group" aria-labelledby={`${id}-fav`}>
                <span className="small text-body-secondary">
                  {favicon ? _t('New favicon chosen.') : favicon === '' || !theme.hasFavicon ? _t('None') : _t('Set')}
                </span>
                <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => file.current?.click()}>{_t('Choose an image…')}</button>
                {theme.hasFavicon || favicon ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setFavicon('')}>{_t('Remove')}</button> : null}
                <input ref={file} type="file" className="visually-hidden" tabIndex={-1} aria-label={_t('Favicon file')} accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(e) => void pickFavicon(e.target.files?.[0])} />
              </div>
              <div className="form-text">{_t('A square PNG of 64 × 64 pixels or more, at most 256 KB.')}</div>
            </div>
          </ModalDialog>
        );
      }}
    </Formik>
  );
}
