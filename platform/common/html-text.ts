/** Text -> HTML text: the five characters with a meaning in HTML are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Plain text typed by someone -> safe HTML: trimmed, escaped, newlines become line breaks. */
export function textToHtml(text: string): string {
  return escapeHtml(text.trim()).replace(/\r\n|\r|\n/g, '<br>');
}
