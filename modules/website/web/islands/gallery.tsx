import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { defineIsland, useT } from '@platform/web/client';

export interface GalleryImage {
  src: string;
  alt: string;
}

export interface GalleryProps {
  images: GalleryImage[];
}

/**
 * Thumbnails that open a lightbox covering 80% of the window (a modal <dialog>: the rest of the page
 * is inert, so focus stays inside). Escape closes, the arrow keys browse, and focus goes back to the
 * thumbnail that opened it. Without JavaScript each thumbnail links to its picture.
 */
function Gallery({ images }: GalleryProps) {
  const _t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);

  const close = useCallback(() => dialog.current?.close(), []);
  const step = useCallback((delta: number) => setIndex((i) => (i === null ? i : (i + delta + images.length) % images.length)), [images.length]);

  useEffect(() => {
    const el = dialog.current;
    if (index !== null && el && !el.open) el.showModal();
  }, [index]);

  const open = (i: number, target: HTMLElement) => {
    opener.current = target;
    setIndex(i);
  };
  const onClosed = () => {
    setIndex(null);
    opener.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      step(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      step(-1);
    } else if (e.key === 'Tab') {
      // A modal dialog makes the page inert, but Tab from its last control would leave for the
      // browser's own UI: cycle between the dialog's controls instead.
      const controls = [...e.currentTarget.querySelectorAll<HTMLElement>('button')];
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
    // Escape is the dialog's own: it fires `close`, handled by onClosed.
  };

  const current = index === null ? null : images[index];
  return (
    <div className="gallery">
      <ul className="gallery-thumbs list-unstyled">
        {images.map((img, i) => (
          <li key={img.src}>
            <a href={img.src} className="gallery-thumb" onClick={(e) => { e.preventDefault(); open(i, e.currentTarget); }}
              aria-label={`${_t('Open picture')}: ${img.alt}`}>
              <img src={img.src} alt="" width={240} height={160} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="gallery-lightbox" aria-label={_t('Picture viewer')} onClose={onClosed} onKeyDown={onKeyDown}>
        {current ? (
          <>
            <figure>
              <img src={current.src} alt={current.alt} />
              <figcaption aria-live="polite">{current.alt} ({index! + 1} / {images.length})</figcaption>
            </figure>
            <div className="gallery-controls">
              <button type="button" className="gallery-prev" onClick={() => step(-1)} aria-label={_t('Previous picture')}>‹</button>
              <button type="button" className="gallery-next" onClick={() => step(1)} aria-label={_t('Next picture')}>›</button>
              <button type="button" className="gallery-close" onClick={close} aria-label={_t('Close')} autoFocus>×</button>
            </div>
          </>
        ) : null}
      </dialog>
    </div>
  );
}

export default defineIsland('website.gallery', Gallery);
