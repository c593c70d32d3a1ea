import { useEffect, type ReactNode } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;
const NOT_TYPED = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image']);

/**
 * Text a person typed into an island's server-rendered fields before its script arrived (on a slow
 * connection, the form is there well before the code). React hydrates a controlled field without
 * touching what it shows, but the component's state still holds the server's value, and its next
 * render would put that back: the title typed while the page loaded would vanish.
 */
export function typedBeforeHydration(root: HTMLElement): Array<{ field: TextField; value: string }> {
  return [...root.querySelectorAll<TextField>('input, textarea')]
    .filter((field) => !NOT_TYPED.has(field.type) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

/** Hands each typed value to the hydrated component, as if typed now, so its state has it. */
function replay(typed: Array<{ field: TextField; value: string }>): void {
  for (const { field, value } of typed) {
    if (!field.isConnected) continue; // the component rendered another field (the rich editor for a textarea, say)
    // Through the field itself first, then the element's own setter: React reads an input event as a
    // change only when the value differs from the last one it saw set on the field.
    field.value = '';
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Wraps a hydrating island: once it is hydrated, what was typed before is given back to it. */
export function KeepTyped({ typed, children }: { typed: Array<{ field: TextField; value: string }>; children: ReactNode }) {
  useEffect(() => {
    if (typed.length) replay(typed);
  }, [typed]);
  return children;
}
