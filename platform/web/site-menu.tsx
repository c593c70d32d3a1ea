import type { MenuEntry } from './contribution-points';

/*
 * The header's main menu, without JavaScript: entries with sub-entries open a <details> (a dropdown
 * from 576 px, an inline disclosure on phones), and what does not fit beside the brand folds into a
 * "More" dropdown. Which entries fold is decided here, per Bootstrap breakpoint, from the widths the
 * labels need (estimated from their letters, on the safe side) and the width the header gives the
 * menu: CSS then hides, per breakpoint, the folded entries in the bar and the others under More.
 */

/** Breakpoint name, its min width and the container's content width there (Bootstrap 5.3). */
const BREAKPOINTS = [['sm', 576, 516], ['md', 768, 696], ['lg', 992, 936], ['xl', 1200, 1116], ['xxl', 1400, 1296]] as const;
type Breakpoint = (typeof BREAKPOINTS)[number][0];

/** Rough width of a text in px at 16 px (system-ui or its fallback), erring wide. */
export function textWidth(text: string, px = 16): number {
  let em = 0;
  for (const ch of text) em += /[ijlt.,:;'!|() ]/.test(ch) ? 0.34 : /[A-Z]|[mwMW@%]/.test(ch) ? 0.8 : /[a-z0-9]/.test(ch) ? 0.6 : 0.7;
  return em * px;
}

/** A menu entry's width in the bar: its label, the link's padding, a caret for a dropdown. */
const entryWidth = (label: string, dropdown: boolean) => textWidth(label) + 8 + (dropdown ? 18 : 0);
const GAP = 16;

/** For each breakpoint, how many leading entries stay in the bar (all of them when they fit). */
export function menuFolds(widths: number[], others: number, moreWidth: number): Record<Breakpoint, number> {
  const folds = {} as Record<Breakpoint, number>;
  for (const [name, , content] of BREAKPOINTS) {
    const room = (content - others) * 0.95;
    const total = (k: number) => widths.slice(0, k).reduce((a, w) => a + w, 0) + GAP * Math.max(0, k - 1);
    let keep = widths.length;
    if (total(keep) > room) {
      keep = 0;
      while (keep < widths.length && total(keep + 1) + GAP + moreWidth <= room) keep++;
    }
    folds[name] = keep;
  }
  return folds;
}

export interface SiteMenuProps {
  entries: MenuEntry[];
  /** The current page as the menu writes URLs (with its language prefix). */
  current: string;
  t: (s: string) => string;
  /** Width (px) the rest of the header takes beside the menu: brand, languages, sign-in or user. */
  others: number;
}

export function SiteMenu({ entries, current, t, others }: SiteMenuProps) {
  const widths = entries.map((m) => entryWidth(t(m.name), Boolean(m.children?.length)));
  const moreLabel = t('More');
  const folds = menuFolds(widths, others, entryWidth(moreLabel, true));
  const foldedAt = (i: number) => BREAKPOINTS.filter(([b]) => i >= folds[b]).map(([b]) => b);
  const anyFolded = BREAKPOINTS.filter(([b]) => folds[b] < entries.length).map(([b]) => b);
  const link = (m: MenuEntry, className: string) => (
    <a className={className} href={m.url} aria-current={m.url === current ? 'page' : undefined}>{t(m.name)}</a>
  );
  return (
    <ul className="navbar-nav menu">
      {entries.map((m, i) => (
        <li key={`${m.url}|${i}`} className={['nav-item', ...foldedAt(i).map((b) => `fold-${b}`), m.children?.length ? 'menu-parent' : ''].filter(Boolean).join(' ')}>
          {m.children?.length ? (
            <details className="menu-dropdown">
              <summary className="nav-link dropdown-toggle">{t(m.name)}</summary>
              <ul className="dropdown-menu">
                <li>{link(m, 'dropdown-item')}</li>
                {m.children.map((c, j) => <li key={`${c.url}|${j}`}>{link(c, 'dropdown-item')}</li>)}
              </ul>
            </details>
          ) : link(m, 'nav-link')}
        </li>
      ))}
      {anyFolded.length ? (
        <li className={['nav-item', 'menu-more', ...anyFolded.map((b) => `more-${b}`)].join(' ')}>
          <details className="menu-dropdown">
            <summary className="nav-link dropdown-toggle">{moreLabel}</summary>
            <ul className="dropdown-menu dropdown-menu-end">
              {entries.flatMap((m, i) => {
                const shown = foldedAt(i).map((b) => `more-${b}`).join(' ');
                if (!shown) return [];
                return [
                  <li key={`${m.url}|${i}`} className={shown}>{link(m, 'dropdown-item')}</li>,
                  ...(m.children ?? []).map((c, j) => <li key={`${c.url}|${i}|${j}`} className={`${shown} menu-sub`}>{link(c, 'dropdown-item')}</li>),
                ];
              })}
            </ul>
          </details>
        </li>
      ) : null}
    </ul>
  );
}

/** The menu's own rules (after the layout's): dropdowns, and per breakpoint what folds under More. */
export const SITE_MENU_CSS = `
.menu-dropdown{position:relative}.menu-dropdown>summary{list-style:none;cursor:pointer}.menu-dropdown>summary::-webkit-details-marker{display:none}
.menu-dropdown[open]>.dropdown-menu{display:block;top:100%;left:0;min-width:12rem}.menu-dropdown[open]>.dropdown-menu-end{left:auto;right:0}
.menu-dropdown .dropdown-item[aria-current]{font-weight:600}.menu-more .menu-sub .dropdown-item{padding-left:2rem}
.menu>.menu-more{display:none}
/* Bootstrap makes a navbar's dropdown static (for its collapsed navbar): from 576 px it floats over the page. */
@media (min-width:576px){.menu-dropdown>.dropdown-menu{position:absolute;z-index:1000}}
@media (max-width:575.98px){.menu-dropdown>.dropdown-menu{position:static;border:0;padding:0 0 0 1rem;box-shadow:none}.menu-dropdown .dropdown-item{padding:.375rem 0}}
${BREAKPOINTS.map(([b, min], i) => {
    const next = BREAKPOINTS[i + 1];
    const range = next ? `(min-width:${min}px) and (max-width:${next[1] - 0.02}px)` : `(min-width:${min}px)`;
    return `@media ${range}{.menu>.fold-${b}{display:none}.menu>.menu-more.more-${b}{display:block}.menu-more .dropdown-menu>li:not(.more-${b}){display:none}}`;
  }).join('\n')}
`;
