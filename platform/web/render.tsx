import { isValidElement, type ReactElement } from 'react';

/** A page as an http route returns it: content plus the title shown in the tab. */
export interface Page {
  title: string;
  body: ReactElement;
  /** SEO description (meta description). */
  description?: string;
  /** HTTP status of the page (default 200). */
  status?: number;
  /**
   * A publisher is editing the page: `<body data-edit-mode="1">`, so widgets that would get in the
   * way (the newsletter exit popup) stay quiet.
   */
  editMode?: boolean;
  /**
   * Values for the `%s` of the title: the title is a UI string translated into the page's language
   * (`Statistics of %s`), these are not (a record's name, already in its language).
   */
  titleArgs?: string[];
  /**
   * The page alone, without the site's header, footer and widgets: for content other sites frame (an
   * embedded slide). Its islands still hydrate; the route decides who may frame it.
   */
  bare?: boolean;
}

export function page(title: string, body: ReactElement, extra: { description?: string; status?: number; editMode?: boolean; titleArgs?: string[]; bare?: boolean } = {}): Page {
  return { title, body, ...extra };
}

export function isPage(v: unknown): v is Page {
  return !!v && typeof v === 'object' && 'body' in v && 'title' in v && isValidElement((v as Page).body);
}
