/** A website as the request pipeline sees it (from the `website` model). */
export interface Site {
  id: number;
  name: string;
  domain: string | null;
  defaultLang: string;
  langs: string[];
  /** Modules enabled for this site (with their dependencies and base). */
  modules: ReadonlySet<string>;
  /** The anonymous visitor's user on this site. */
  publicUserId: number;
}
