import type { LanguageInfo, SessionInfo } from '../../client/web-context';
import type { BackofficeAction } from '../contribution-points';

/** A menu entry as the browser gets it: already filtered for the caller and the site, children nested. */
export interface MenuNode {
  id: string;
  name: string;
  action: BackofficeAction | null;
  children: MenuNode[];
}

/** What the /web page hands to the app, in a JSON block (no extra call before the first screen). */
export interface BackofficeBootData {
  session: SessionInfo & { isAdmin: boolean };
  language: LanguageInfo;
  /** The site's languages, for translated fields. */
  languages: Array<{ code: string; name: string }>;
  translations: Record<string, string>;
  menu: MenuNode[];
  site: { id: number; name: string };
}
