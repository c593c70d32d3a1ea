import { createContext, useCallback, useContext } from 'react';

/** Who is browsing, as the server tells every page (user or visitor, language). */
export interface SessionInfo {
  uid: number | null;
  name: string;
  partnerId: number | null;
  email: string | null;
  isPublic: boolean;
  /** Language code (`fr_FR`). */
  lang: string;
  /** Token for classic form posts from islands. */
  csrfToken: string;
}

export interface LanguageInfo {
  code: string;
  urlCode: string;
  direction: 'ltr' | 'rtl';
  /** moment formats. */
  dateFormat: string;
  timeFormat: string;
  /** URL prefix of this language on this site (`fr`), null for the site's default language. */
  urlPrefix?: string | null;
}

/**
 * What the server hands to every island: session, language and the UI translations of the enabled
 * modules. The same value is provided while rendering on the server and after hydration in the
 * browser (it travels in a JSON block of the page), so both renders agree.
 */
export interface WebContextValue {
  session: SessionInfo;
  language: LanguageInfo;
  translations: Record<string, string>;
}

export const WebContext = createContext<WebContextValue | null>(null);

function useWeb(): WebContextValue {
  const value = useContext(WebContext);
  if (!value) throw new Error('Islands must be rendered inside the site layout (WebContext missing)');
  return value;
}

export function useSession(): SessionInfo {
  return useWeb().session;
}

export function useLanguage(): LanguageInfo {
  return useWeb().language;
}

/** `_t('English text')` -> the text in the visitor's language, or the English text when untranslated. */
export function useT(): (source: string) => string {
  const { translations } = useWeb();
  return useCallback((source: string) => translations[source] ?? source, [translations]);
}

/** `/page/x` -> `/fr/page/x` when browsing in a non-default language. */
export function useLocalizedPath(): (path: string) => string {
  const { urlPrefix } = useLanguage();
  return useCallback((path: string) => {
    if (!urlPrefix || !path.startsWith('/') || path.startsWith('//')) return path;
    return path === '/' ? `/${urlPrefix}` : `/${urlPrefix}${path}`;
  }, [urlPrefix]);
}
