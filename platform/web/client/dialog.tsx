/**
 * A modal error dialog built with the DOM (no React root needed), so any island or plain script can
 * report a server refusal such as an AccessError. Focus moves to the dialog and back on close.
 */
export function showErrorDialog(title: string, message: string): void {
  const previous = document.activeElement as HTMLElement | null;
  const dialog = document.createElement('dialog');
  dialog.className = 'error-dialog';
  dialog.setAttribute('aria-labelledby', 'error-dialog-title');
  const heading = document.createElement('h2');
  heading.id = 'error-dialog-title';
  heading.textContent = title;
  const body = document.createElement('p');
  body.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    previous?.focus();
  });
  dialog.append(heading, body, close);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
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
    const previous = document.activeElement as HTMLElement | null;
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm-dialog modal-content p-3';
    dialog.setAttribute('aria-labelledby', 'confirm-dialog-title');
    dialog.setAttribute('aria-describedby', 'confirm-dialog-message');
    const heading = document.createElement('h2');
    heading.id = 'confirm-dialog-title';
    heading.className = 'modal-title h5';
    heading.textContent = texts.title;
    const body = document.createElement('p');
    body.id = 'confirm-dialog-message';
    body.className = 'modal-body px-0';
    body.textContent = texts.message;
    const footer = document.createElement('div');
    footer.className = 'modal-footer d-flex gap-2 justify-content-end';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'btn btn-secondary';
    cancel.textContent = texts.cancel;
    const confirm = document.createElement('button');
    confirm.type = 'button';
    confirm.className = 'btn btn-danger';
    confirm.textContent = texts.confirm;
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      previous?.focus();
      resolve(answer);
    });
    footer.append(cancel, confirm);
    dialog.append(heading, body, footer);
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
