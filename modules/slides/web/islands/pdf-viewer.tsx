import { useEffect, useRef, useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';
import type { PdfViewerProps } from '../../common/page-props';
import { loadPdfjs } from '../pdf/load-pdfjs';

/**
 * The PDF of a slide drawn page by page with pdf.js (loaded on demand, its worker served by the site).
 * Without JavaScript, or before it runs, a link opens the PDF itself.
 */
function PdfViewer({ url, title, initialPage, embedded, slideUrl }: PdfViewerProps) {
  const _t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<import('pdfjs-dist').PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(initialPage);
  const [typed, setTyped] = useState(String(initialPage));
  const [failed, setFailed] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    let cancelled = false;
    void loadPdfjs()
      .then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false }).promise)
      .then((d) => {
        if (cancelled) return;
        setDoc(d);
        setPage((p) => (p >= 1 && p <= d.numPages ? p : 1));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => { cancelled = true; };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const width = box.current?.clientWidth || 800;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (width / base.width) * ratio });
      canvas.current.width = Math.floor(viewport.width);
      canvas.current.height = Math.floor(viewport.height);
      canvas.current.style.width = `${Math.floor(viewport.width / ratio)}px`;
      task = p.render({ canvas: canvas.current, viewport });
      task.promise.catch(() => undefined);
    });
    setTyped(String(page));
    return () => { cancelled = true; task?.cancel(); };
  }, [doc, page]);

  const count = doc?.numPages ?? 0;
  const go = (n: number) => setPage(Math.min(Math.max(1, n), count || 1));

  return (
    <div className={`pdf-viewer${embedded ? ' pdf-viewer-embedded' : ''}`} data-page={page} data-page-count={count || undefined}>
      <div ref={box} className="pdf-viewer-page bg-body-tertiary border rounded text-center">
        {failed ? (
          <p className="alert alert-warning m-3" role="alert">{_t('The document could not be displayed.')} <a href={url}>{_t('Open the PDF')}</a></p>
        ) : (
          <canvas ref={canvas} role="img" aria-label={count ? `${title} — ${_t('page')} ${page} / ${count}` : title} className="mw-100" />
        )}
        {!doc && !failed ? (
          <div className="p-4">
            {hydrated ? <div className="spinner-border text-secondary" role="status"><span className="visually-hidden">{_t('Loading…')}</span></div> : <a href={url}>{_t('Open the PDF')}</a>}
          </div>
        ) : null}
      </div>
      {count ? (
        <nav className="d-flex flex-wrap align-items-center justify-content-center gap-2 mt-2" aria-label={_t('Pages')}>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => go(page - 1)} disabled={page <= 1}>{_t('Previous')}</button>
          <form className="d-flex align-items-center gap-1" onSubmit={(e) => { e.preventDefault(); go(Number.parseInt(typed, 10) || 1); }}>
            <label className="visually-hidden" htmlFor="pdf_page_input">{_t('Page')}</label>
            <input id="pdf_page_input" className="form-control form-control-sm text-center" style={{ width: '4.5em' }} inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} onBlur={() => go(Number.parseInt(typed, 10) || 1)} />
            <span className="text-nowrap pdf-page-count">/ {count}</span>
          </form>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => go(page + 1)} disabled={page >= count}>{_t('Next')}</button>
          {embedded && slideUrl ? <a className="btn btn-link btn-sm" href={slideUrl} target="_blank" rel="noopener">{_t('View on the site')}</a> : null}
        </nav>
      ) : null}
    </div>
  );
}

export default defineIsland('slides.pdf_viewer', PdfViewer);
