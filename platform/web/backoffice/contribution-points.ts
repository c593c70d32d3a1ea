import type { Domain } from '@platform/core/domain-types';

/*
 * The back office at /web is built from what modules contribute: menu entries (shown on the sites
 * where the contributing module is enabled, to the groups they name) and views that replace the
 * generic list or form of a model, or add a screen of their own (e.g. the apps screen, a newsletter
 * composer, a live chat console).
 */

/** What a menu entry opens: the generic list of a model, or a screen a module contributes. */
export type BackofficeAction =
  | {
    model: string;
    /** Domain always applied to the list (in the domain language), e.g. `[['active','=',true]]`. */
    domain?: Domain;
    /** Columns of the list; by default the model's name and a few simple fields. */
    columns?: string[];
  }
  | { screen: string };

/** An entry of the back office menu; entries without `parent` are the apps of the top bar. */
export interface BackofficeMenuEntry {
  /** Unique, `<module>.<entry>` (children name it as `parent`). */
  id: string;
  /** English label, translated through the contributing module's i18n files. */
  name: string;
  parent?: string;
  sequence: number;
  /** Groups (external ids) that see the entry; internal users (`base.group_user`) when absent. */
  groups?: string[];
  /** An app without action opens its first child. */
  action?: BackofficeAction;
}
export interface BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[];
}
export const BackofficeMenuContribution = Symbol('BackofficeMenuContribution');

/**
 * Browser code for the back office: `file` (absolute path) exports by default a React component that
 * receives `BackofficeViewProps` (platform/web/backoffice/client/view-props.ts). It replaces the
 * generic view of `model` where its module is enabled, or answers the menu action `{ screen }`, or,
 * for `{ systray }`, is an item of the top bar in every back-office tab whatever the screen (e.g. the
 * live chat's presence and unread counter); such an item decides itself whether it shows for the user.
 * A `{ banner }` is shown above every screen (e.g. the mail module's "no SMTP server" warning), and
 * likewise decides itself whether it shows.
 */
export interface BackofficeView {
  target: { model: string; view: 'list' | 'form' } | { screen: string } | { systray: string } | { banner: string };
  file: string;
}
export interface BackofficeViewContribution {
  backofficeViews(): BackofficeView[];
}
export const BackofficeViewContribution = Symbol('BackofficeViewContribution');

/** The registry key the browser looks a view up by. */
export function viewKey(target: BackofficeView['target']): string {
  if ('systray' in target) return `systray:${target.systray}`;
  if ('banner' in target) return `banner:${target.banner}`;
  return 'screen' in target ? `screen:${target.screen}` : `${target.model}:${target.view}`;
}
