import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from './web-context';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (the close button is always there). */
  footer?: ReactNode;
}

/**
 * A modal dialog in Bootstrap's markup on the native <dialog> element (no Bootstrap JavaScript): the
 * browser keeps focus inside, Esc closes it, and focus goes back where it was.
 */
export function ModalDialog({ open, title, onClose, children, footer }: ModalDialogProps) {
  const _t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal-dialog-native" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title fs-5" id={titleId}>{title}</h2>
          <button type="button" className="btn-close" aria-label={_t('Close')} onClick={onClose} />
        </div>
        <div className="modal-body">{children}</div>
        <div className="modal-footer">
          {footer}
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>{_t('Cancel')}</button>
        </div>
      </div>
    </dialog>
  );
}
