/*
 * pdf.js for the browser, loaded on demand (its own chunk: pages without a PDF never download it). Its
 * worker is a separate file the platform's asset build copies among the site's files (`?url`), so
 * parsing runs off the page's main thread and nothing is loaded from another origin.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | null = null;

export function loadPdfjs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}

/** What the upload dialog learns from a PDF before sending it. */
export interface PdfFacts {
  pageCount: number;
  /** The first page drawn as a PNG (base64, without the data: prefix). */
  preview: string;
  previewUrl: string;
  /** The text of the first pages, for the search (index_content). */
  text: string;
}

export class PasswordProtected extends Error {}
export class NotAPdf extends Error {}

export async function analysePdf(data: ArrayBuffer): Promise<PdfFacts> {
  const pdfjs = await loadPdfjs();
  let doc: import('pdfjs-dist').PDFDocumentProxy;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false, password: '' }).promise;
  } catch (err) {
    if ((err as Error)?.name === 'PasswordException') throw new PasswordProtected();
    throw new NotAPdf();
  }
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(2, 800 / base.width) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const previewUrl = canvas.toDataURL('image/png');
    const parts: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, 20); n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    }
    return { pageCount: doc.numPages, preview: previewUrl.slice(previewUrl.indexOf(',') + 1), previewUrl, text: parts.join('\n').replace(/\s+\n/g, '\n').slice(0, 100_000) };
  } finally {
    void doc.destroy();
  }
}
