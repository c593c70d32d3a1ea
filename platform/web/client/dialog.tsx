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
