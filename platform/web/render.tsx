import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MenuContribution, type MenuContribution as MenuPoint } from '../kernel/contribution-points';
import type { Kernel } from '../kernel/kernel';
import type { RequestState } from '../http/request-state';
import type { RequestContext } from '../http/route-definition';
import { Layout } from './layout';

/** A page as an http route returns it: content plus the title shown in the tab. */
export interface Page {
  title: string;
  body: ReactElement;
}

export function page(title: string, body: ReactElement): Page {
  return { title, body };
}

function isPage(v: unknown): v is Page {
  return !!v && typeof v === 'object' && 'body' in v && 'title' in v && isValidElement((v as Page).body);
}

/** Renders a route's result in the site layout (strings are sent as they are). */
export function renderRouteResult(kernel: Kernel, req: RequestContext, result: unknown): string {
  if (typeof result === 'string') return result;
  if (isPage(result)) return renderInLayout(kernel, req, result.title, result.body);
  if (isValidElement(result)) return renderInLayout(kernel, req, '', result);
  throw new Error('An http route returned something that is not a page');
}

export function renderInLayout(kernel: Kernel, req: RequestContext, title: string, body: ReactElement): string {
  const state = req.koa.state as RequestState;
  const menu = kernel.provider<MenuPoint>(MenuContribution)
    .getContributionsFor((m) => req.site.modules.has(m))
    .flatMap((c) => c.menuEntries())
    .sort((a, b) => a.sequence - b.sequence);
  const html = renderToStaticMarkup(
    <Layout title={title} siteName={req.site.name} lang={state.lang ?? req.site.defaultLang} menu={menu}
      user={state.isPublic ? null : { name: state.user.name }} currentPath={req.koa.path}>
      {body}
    </Layout>,
  );
  return `<!DOCTYPE html>${html}`;
}

export function renderErrorPage(kernel: Kernel, req: RequestContext, status: number, message: string): string {
  const titles: Record<number, string> = { 400: 'Bad request', 403: 'Forbidden', 404: 'Page not found', 429: 'Too many requests', 500: 'Internal error' };
  const title = titles[status] ?? 'Error';
  try {
    return renderInLayout(kernel, req, title, (
      <section className="error-page">
        <h1>{title}</h1>
        <p>{message}</p>
        <p><a href="/">Back to the home page</a></p>
      </section>
    ));
  } catch {
    return `<!DOCTYPE html><title>${status}</title><h1>${title}</h1>`;
  }
}
