/** An element with a class and a text, the pieces the dialogs below are made of. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/**
 * Shows a modal `<dialog>` of the given parts and focuses `focus`; when it closes (a button, Esc) it is
 * removed, the focus goes back where it was, and `onClose` runs.
 */
function showDialog(dialog: HTMLDialogElement, parts: HTMLElement[], focus: HTMLElement, onClose: () => void = () => undefined): void {
  const previous = document.activeElement as HTMLElement | null;
  dialog.addEventListener('close', () => {
    dialog.remove();
    previous?.focus();
    onClose();
  });
  dialog.append(...parts);
  document.body.append(dialog);
  dialog.showModal();
  focus.focus();
}

/**
 * A modal error dialog built with the DOM (no React root needed), so any island or plain script can
 * report a server refusal such as an AccessError. Focus moves to the dialog and back on close.
 */
export function showErrorDialog(title: string, message: string): void {
  const dialog = element('dialog', 'error-dialog');
  dialog.setAttribute('aria-labelledby', 'error-dialog-title');
  const heading = element('h2', '', title);
  heading.id = 'error-dialog-title';
  const close = element('button', '', 'Close');
  close.type = 'button';
  close.addEventListener('click', () => dialog.close());
  showDialog(dialog, [heading, element('p', '', message), close], close);
}

export interface ConfirmTexts {
  title: string;
  message: string;
  confirm: string;
  cancel: string;
}

/**
 * Asks before something that cannot be undone (deleting a comment): a modal `<dialog>` with Bootstrap's
 * modal vocabulary, resolving true only when the confirm button is pressed (Esc, the cancel button and
 * closing otherwise resolve false). Focus starts on cancel, the safe choice, and returns where it was.
 */
export function confirmDialog(texts: ConfirmTexts): Promise<boolean> {
  return new Promise((resolve) => {
    // Bootstrap's .modal-content takes its background from a .modal around it, which a <dialog> has not:
    // utilities give it an opaque surface on the site and in the back office alike.
    const dialog = element('dialog', 'confirm-dialog bg-body text-body border rounded-3 shadow p-3');
    dialog.style.maxWidth = 'min(30rem, calc(100vw - 2rem))';
    dialog.setAttribute('aria-labelledby', 'confirm-dialog-title');
    dialog.setAttribute('aria-describedby', 'confirm-dialog-message');
    const heading = element('h2', 'modal-title h5', texts.title);
    heading.id = 'confirm-dialog-title';
    const body = element('p', 'modal-body px-0', texts.message);
    body.id = 'confirm-dialog-message';
    const footer = element('div', 'modal-footer d-flex gap-2 justify-content-end');
    const cancel = element('button', 'btn btn-secondary', texts.cancel);
    cancel.type = 'button';
    const confirm = element('button', 'btn btn-danger', texts.confirm);
    confirm.type = 'button';
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    footer.append(cancel, confirm);
    showDialog(dialog, [heading, body, footer], cancel, () => resolve(answer));
  });
}
