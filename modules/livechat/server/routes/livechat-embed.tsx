import { inject, injectable } from 'inversify';
import { renderToString } from 'react-dom/server';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { MissingError } from '@platform/core';
import { WebContext } from '@platform/web/client';
import { jsonForScript, PageRenderer, WebAssets } from '@platform/web';
import VisitorChat from '../../web/islands/visitor-chat';
import { livechatOptions } from './livechat-pages';
import { escapeHtml } from '@platform/common';

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
          req.reply.header('Cache-Control', 'public, max-age=300');
          req.reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
          req.reply.send(loaderScript(id), 'application/javascript');
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
          req.reply.removeHeader('X-Frame-Options');
          req.reply.header('Content-Security-Policy', req.reply.sentHeader('Content-Security-Policy').replace("frame-ancestors 'self'", 'frame-ancestors *'));
          req.reply.header('Cache-Control', 'no-store');
          req.reply.send(`<!DOCTYPE html><html lang="${context.language.code.replace('_', '-')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
            + `<title>${escapeHtml(options.channel_name)}</title><link rel="stylesheet" href="${bundle.stylesheet}">`
            + `<script type="module" src="${bundle.script}" nonce="${req.cspNonce}"></script></head>`
            + `<body class="o_livechat_embedded"><main>${body}</main>`
            + `<script type="application/json" id="web-context">${jsonForScript(context)}</script></body></html>`, 'html');
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
