import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Logger } from 'pino';
import type { Asset } from '../web-assets';
import { viewKey, type BackofficeView } from './contribution-points';

/** What the back office page links to. */
export interface BackofficeBundle {
  script: string;
  stylesheet: string;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const APP = path.join(__dirname, 'client', 'app.tsx');
const OWN_CSS = path.join(__dirname, 'client', 'backoffice.css');
export const BACKOFFICE_ASSET_PREFIX = '/web/backoffice/assets/';

/**
 * The back office's browser code, built apart from the site bundles (so visitors' pages never carry
 * it): the app plus the views contributed by the modules enabled on a site, each view in a chunk
 * loaded when opened. Bootstrap's stylesheet comes as it is, with a few rules of our own.
 */
export class BackofficeAssets {
  private readonly bundles = new Map<string, Promise<BackofficeBundle>>();
  private readonly files = new Map<string, Asset>();

  constructor(private readonly logger: Logger) {}

  bundleFor(views: BackofficeView[]): Promise<BackofficeBundle> {
    const key = views.map((v) => `${viewKey(v.target)}=${v.file}`).sort().join('|');
    let bundle = this.bundles.get(key);
    if (!bundle) {
      bundle = this.build(views);
      bundle.catch(() => this.bundles.delete(key));
      this.bundles.set(key, bundle);
    }
    return bundle;
  }

  file(name: string): Asset | undefined {
    return this.files.get(name);
  }

  private async build(views: BackofficeView[]): Promise<BackofficeBundle> {
    const started = Date.now();
    const entry = [
      `import { bootBackoffice } from ${JSON.stringify(APP)};`,
      'bootBackoffice({',
      ...views.map((v) => `  ${JSON.stringify(viewKey(v.target))}: () => import(${JSON.stringify(v.file)}),`),
      '});',
    ].join('\n');
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: REPO_ROOT, loader: 'tsx', sourcefile: 'backoffice-entry.tsx' },
      bundle: true, splitting: true, format: 'esm', platform: 'browser', target: ['es2020'], minify: true,
      jsx: 'automatic', legalComments: 'none', define: { 'process.env.NODE_ENV': '"production"' },
      outdir: path.join(REPO_ROOT, '.web-assets'), entryNames: 'backoffice-[hash]', chunkNames: 'bo-chunk-[hash]',
      write: false, logLevel: 'silent',
    });
    let script = '';
    // Stylesheets the views import (esbuild emits one per chunk that has any) join the back office's
    // one stylesheet: a few KB, and a view opened later then needs no second request.
    const viewCss: string[] = [];
    for (const out of result.outputFiles) {
      const name = path.basename(out.path);
      if (name.endsWith('.css')) {
        viewCss.push(out.text);
        continue;
      }
      this.store(name, Buffer.from(out.contents), 'application/javascript; charset=utf-8');
      if (name.startsWith('backoffice-')) script = name;
    }
    const css = [fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8'), fs.readFileSync(OWN_CSS, 'utf8'), ...viewCss.sort()].join('\n');
    const cssName = `backoffice-${crypto.createHash('sha256').update(css).digest('base64url').slice(0, 12)}.css`;
    this.store(cssName, Buffer.from(css), 'text/css; charset=utf-8');
    this.logger.info({ views: views.length, ms: Date.now() - started }, 'back office assets built');
    return { script: BACKOFFICE_ASSET_PREFIX + script, stylesheet: BACKOFFICE_ASSET_PREFIX + cssName };
  }

  private store(name: string, contents: Buffer, contentType: string): void {
    if (!this.files.has(name)) this.files.set(name, { contents, gzip: zlib.gzipSync(contents, { level: 9 }), contentType });
  }
}
