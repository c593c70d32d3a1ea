import { useEffect, useState } from 'react';
import { type BackofficeViewProps, callKw, GenericForm, useBackoffice } from '@platform/web/backoffice/client';
import { websiteFormUrls } from '../../common/form-block';

/** (The model's name: the server's model file is not for the browser.) */
const LEAD_MODEL = 'website.form.lead';

interface AttachmentRow { id: number; name: string; file_size: number | false; mimetype: string | false }

const size = (bytes: number | false) => (!bytes ? '' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/**
 * A record website forms create (a contact request, a contact): its generic form, and under it the
 * files the visitor sent with it, each a download link (the attachment route reads them with the
 * user's rights and never shows them inline).
 */
export default function RecordFilesForm({ route, model }: BackofficeViewProps) {
  const { _t } = useBackoffice();
  const target = model ?? route.model ?? LEAD_MODEL;
  const [files, setFiles] = useState<AttachmentRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!route.id) return;
    let live = true;
    callKw<AttachmentRow[]>('ir.attachment', 'search_read', [[['res_model', '=', target], ['res_id', '=', route.id]], ['name', 'file_size', 'mimetype']], { order: 'id', limit: 100 })
      .then((rows) => { if (live) setFiles(rows); }, (err: unknown) => { if (live) setError(err instanceof Error ? err.message : String(err)); });
    return () => { live = false; };
  }, [target, route.id]);
  return (
    <>
      <GenericForm model={target} id={route.id} />
      {/* Contacts are made in many ways: their card shows only when a form sent files with one. */}
      {route.id && (target === LEAD_MODEL || (files?.length ?? 0) > 0 || error) ? (
        <section className="card mt-3 website-form-attachments" aria-labelledby="wf-attachments-title">
          <div className="card-body">
            <h2 id="wf-attachments-title" className="h6 card-title">{_t('Attached files')}</h2>
            {error ? <p className="text-danger mb-0" role="alert">{error}</p> : files === null ? <p className="text-body-secondary mb-0">{_t('Loading…')}</p> : files.length === 0 ? <p className="text-body-secondary mb-0">{_t('No file was sent with this record.')}</p> : (
              <ul className="list-unstyled mb-0">
                {files.map((f) => (
                  <li key={f.id} className="py-1 d-flex flex-wrap gap-2 align-items-baseline">
                    <a href={websiteFormUrls.attachment(f.id)} download={f.name} className="text-break">{f.name}</a>
                    <span className="small text-body-secondary">{size(f.file_size)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      ) : null}
    </>
  );
}
