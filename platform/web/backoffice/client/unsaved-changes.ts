import { useCallback, useEffect, useRef } from 'react';

/**
 * Forms holding changes that are not saved yet. Leaving the page (reload, another site, closing the
 * tab) makes the browser ask (beforeunload); moving inside the back office (menu, breadcrumb, back
 * button) asks through `confirmLeave` in the app's navigation.
 */
const dirtyForms = new Set<symbol>();

function onBeforeUnload(e: BeforeUnloadEvent): void {
  e.preventDefault();
  // Older browsers ask only when returnValue is set.
  e.returnValue = '';
}

function track(token: symbol, dirty: boolean): void {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(token);
  else dirtyForms.delete(token);
  if (!before && dirtyForms.size) window.addEventListener('beforeunload', onBeforeUnload);
  if (before && !dirtyForms.size) window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Whether some form of the page holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Forgets every form's changes (the user chose to leave them). */
export function discardUnsavedChanges(): void {
  for (const token of [...dirtyForms]) track(token, false);
}

/**
 * Declares the calling form dirty or not. Returns `saved()`, to call right before the form navigates
 * on its own after a save (its state still says dirty until it reloads).
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const token = useRef(Symbol('form'));
  useEffect(() => {
    const t = token.current;
    track(t, dirty);
    return () => track(t, false);
  }, [dirty]);
  return useCallback(() => track(token.current, false), []);
}
