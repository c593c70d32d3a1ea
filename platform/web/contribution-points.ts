import type { ReactElement } from 'react';
import type { RequestContext } from '@platform/http/route-definition';

/*
 * The points the page renderer reads; each is shown only on the sites where the contributing module
 * is enabled.
 */

/** An entry of the website's main menu. */
export interface MenuEntry {
  name: string;
  url: string;
  sequence: number;
  /** Shown only to signed-in users of one of these groups (external ids); to everybody when absent. */
  groups?: string[];
  /** One level of sub-entries: the entry opens a dropdown (a disclosure on phones). */
  children?: MenuEntry[];
}
export interface MenuContribution {
  /** Fixed entries (a module's own page, e.g. the forum's /forum): its declaration of its menu entry. */
  menuEntries?(): MenuEntry[];
  /** Entries read for the request (e.g. the website's menu records, per site and language). */
  menuEntriesFor?(req: RequestContext): Promise<MenuEntry[]>;
  /**
   * This contribution's `menuEntriesFor` is the whole menu, Home included: it has turned the other
   * modules' fixed entries into records an owner edits (the website's menu). The renderer then adds
   * only the fixed entries meant for some groups, and no Home entry of its own.
   */
  ownsMenu?: boolean;
}
export const MenuContribution = Symbol('MenuContribution');

/** An entry of the signed-in user's menu in the header (e.g. the portal's "My account"). */
export interface UserMenuEntry {
  name: string;
  /** Path on the site, without the language prefix (the renderer adds it). */
  url: string;
  sequence: number;
  /** Shown only to users of one of these groups (external ids); to every signed-in user when absent. */
  groups?: string[];
}
export interface UserMenuContribution {
  userMenuEntries(): UserMenuEntry[];
}
export const UserMenuContribution = Symbol('UserMenuContribution');

/**
 * Offers the language selector: the URL that switches to `langCode` and comes back to `path` (the
 * website module's `/website/lang/<code>?r=`). Without one on a site, no selector is shown (its links
 * would lead to a 404).
 */
export interface LanguageSwitchContribution {
  switchUrl(langCode: string, path: string): string;
}
export const LanguageSwitchContribution = Symbol('LanguageSwitchContribution');

/**
 * Something shown on every page outside the page content (e.g. the live chat button). Rendered after
 * the page inside the same web context, so islands work.
 */
export interface LayoutWidgetContribution {
  renderForPage(req: RequestContext): Promise<ReactElement | null>;
}
export const LayoutWidgetContribution = Symbol('LayoutWidgetContribution');

/**
 * A block of the footer's last column (e.g. the newsletter's sign-up form). Rendered on every page,
 * including pages cached for anonymous visitors: it must not depend on who is asking, and should not
 * be an island (a page without islands loads no JavaScript); a plain HTML form is the way.
 */
export interface FooterBlockContribution {
  renderFooterBlock(req: RequestContext): Promise<ReactElement | null>;
}
export const FooterBlockContribution = Symbol('FooterBlockContribution');

/**
 * What a module adds to every public page's <head>, after the stylesheet (a site's theme variables, its
 * favicon). Like footer blocks it is part of pages cached for anonymous visitors: it must depend on the
 * site only, never on who is asking.
 */
export interface LayoutHeadContribution {
  renderHead(req: RequestContext): Promise<ReactElement | null>;
}
export const LayoutHeadContribution = Symbol('LayoutHeadContribution');
