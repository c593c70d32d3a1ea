import { isValidElement, type ReactElement } from 'react';

/** A page as an http route returns it: content plus the title shown in the tab. */
export interface Page {
  title: string;
  body: ReactElement;
  /** SEO description (meta description). */
  description?: string;
  /** HTTP status of the page (default 200). */
  status?: number;
}

export function page(title: string, body: ReactElement, extra: { description?: string; status?: number } = {}): Page {
  return { title, body, ...extra };
}

export function isPage(v: unknown): v is Page {
  return !!v && typeof v === 'object' && 'body' in v && 'title' in v && isValidElement((v as Page).body);
}
