import { inject, injectable } from 'inversify';
import { renderToString } from 'react-dom/server';
import type { RouteContribution } from '@platform/http/contribution-points';
import { MissingError } from '@platform/core/errors';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { WebContext } from '@platform/web/client/web-context';
import { PageRenderer } from '@platform/web/page-renderer';
import { WebAssets } from '@platform/web/web-assets';
import VisitorChat from '../../web/islands/visitor-chat';
import { livechatOptions } from './livechat-pages';
import { escapeHtml } from '@platform/common/html-text';
import { jsonForScript } from '@platform/web/json-for-script';

function channelId(req: RequestContext): number {
  const id = Number(req.pathParams.channel_id);
  if (!Number.isInteger(id) || id <= 0) throw new MissingError('This live chat channel does not exist.');
  return id;
}

/**
 * The embeddable chat: `<script src="https://this.site/im_livechat/loader/1"></script>` on any other
 * website adds an iframe of `/im_livechat/embed/1`, a bare page holding only the visitor chat island,
 * docked bottom right and resized from the messages the island posts. The iframe talks to this site
 * only (same origin inside it), with its own session id since third-party cookies are not sent.
 */
@injectable()
export class LivechatEmbed implements RouteContribution {
  constructor(@inject(PageRenderer) private readonly pages: PageRenderer, @inject(WebAssets) private readonly assets: WebAssets) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/im_livechat/loader/:channel_id', type: 'http', auth: 'public',
        handler: async (req: RequestContext) => {
          const id = channelId(req);
          await livechatOptions(req.env, id); // 404 for unknown channels
          req.koa.type = 'application/javascript';
          req.koa.set('Cache-Control', 'public, max-age=300');
          req.koa.set('Cross-Origin-Resource-Policy', 'cross-origin');
          req.koa.body = loaderScript(id);
        },
      },
      {
        path: '/im_livechat/embed/:channel_id', type: 'http', auth: 'public',
        handler: async (req: RequestContext) => {
          const options = await livechatOptions(req.env, channelId(req));
          const context = await this.pages.context(req);
          const bundle = await this.assets.bundleFor(req.site.modules);
          const body = renderToString(<WebContext.Provider value={context}><VisitorChat options={options} embedded /></WebContext.Provider>);
          // Meant to be framed by other sites: the one page of the site that allows it.
          req.koa.remove('X-Frame-Options');
          req.koa.set('Content-Security-Policy', String(req.koa.response.get('Content-Security-Policy')).replace("frame-ancestors 'self'", 'frame-ancestors *'));
          req.koa.set('Cache-Control', 'no-store');
          req.koa.type = 'html';
          req.koa.body = `<!DOCTYPE html><html lang="${context.language.code.replace('_', '-')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
            + `<title>${escapeHtml(options.channel_name)}</title><link rel="stylesheet" href="${bundle.stylesheet}">`
            + `<script type="module" src="${bundle.script}" nonce="${req.cspNonce}"></script></head>`
            + `<body class="o_livechat_embedded"><main>${body}</main>`
            + `<script type="application/json" id="web-context">${jsonForScript(context)}</script></body></html>`;
        },
      },
    ];
  }
}

/** The script another site includes: an iframe of the chat, sized by the chat itself. */
export function loaderScript(channelId: number): string {
  return `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__livechatLoaded) return;
  window.__livechatLoaded = true;
  var origin = new URL(script.src).origin;
  function start() {
    var frame = document.createElement('iframe');
    frame.src = origin + '/im_livechat/embed/${channelId}';
    frame.title = 'Live chat';
    frame.setAttribute('style', 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;z-index:2147483000;background:transparent;color-scheme:normal');
    document.body.appendChild(frame);
    window.addEventListener('message', function (e) {
      if (e.origin !== origin || e.source !== frame.contentWindow || !e.data || e.data.type !== 'livechat.size') return;
      frame.style.width = Math.min(Number(e.data.width) || 0, window.innerWidth) + 'px';
      frame.style.height = Math.min(Number(e.data.height) || 0, window.innerHeight) + 'px';
    });
  }
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();
`;
}
