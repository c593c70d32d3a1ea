import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Logger } from 'pino';
import { ModuleLoadError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { moduleIslands, type IslandSource } from './module-islands';
import { BOOTSTRAP_CSS, SITE_CSS } from './site-css';
import { SITE_MENU_CSS } from './site-menu';

/** One built file, kept in memory with its gzip form (the bundles are small and immutable). */
export interface Asset {
  contents: Buffer;
  gzip: Buffer;
  contentType: string;
}

/** What a page of a site links to. */
export interface SiteBundle {
  /** URL of the ES module that hydrates the page's islands. */
  script: string;
  /** URL of the site stylesheet (Bootstrap, the theme, enabled modules' styles). */
  stylesheet: string;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const BOOT = path.join(__dirname, 'client', 'boot.tsx');

/**
 * `import url from 'some/file.mjs?url'` in an island: the file is copied as it is among the built files
 * (a content-hashed `asset-<hash>.<ext>` under /web/assets/) and the import is its URL. For files the
 * browser must load by URL rather than as code of the page, e.g. pdf.js's worker (`new Worker(url)`),
 * served like every other built file (same origin, immutable cache).
 */
const assetUrlPlugin: esbuild.Plugin = {
  name: 'asset-url',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, async (args) => {
      const resolved = await build.resolve(args.path.slice(0, -'?url'.length), { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
      if (resolved.errors.length) return { errors: resolved.errors };
      return { path: resolved.path, namespace: 'asset-url' };
    });
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, async (args) => ({ contents: await fs.promises.readFile(args.path), loader: 'file' }));
  },
};

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8', '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
};

function hash(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('base64url').slice(0, 12);
}

/**
 * Builds the browser code per set of enabled modules with esbuild: one small entry that knows the
 * islands of those modules, each island in its own chunk loaded on demand, shared code (React, the
 * client runtime) in common chunks. File names carry a content hash, so they are served with a
 * one-year immutable cache; a module disabled on a site is simply absent from its entry.
 */
export class WebAssets {
  private readonly bundles = new Map<string, Promise<SiteBundle>>();
  private readonly files = new Map<string, Asset>();
  /** module name -> its islands, read (and checked) once at boot. */
  private readonly islands = new Map<string, IslandSource[]>();

  constructor(private readonly modules: DiscoveredModule[], private readonly logger: Logger) {
    const names = new Set<string>();
    for (const m of modules) {
      const islands = moduleIslands(m);
      for (const { name } of islands) {
        if (names.has(name)) throw new ModuleLoadError(m.manifest.name, `island '${name}' is declared twice`);
        names.add(name);
      }
      this.islands.set(m.manifest.name, islands);
    }
  }

  /** The bundle of a site whose enabled modules are `enabled` (built once per distinct set). */
  bundleFor(enabled: ReadonlySet<string>): Promise<SiteBundle> {
    const used = this.modules.filter((m) => enabled.has(m.manifest.name) && m.manifest.web);
    const key = used.map((m) => m.manifest.name).sort().join(',');
    let bundle = this.bundles.get(key);
    if (!bundle) {
      bundle = this.build(used);
      bundle.catch(() => this.bundles.delete(key));
      this.bundles.set(key, bundle);
    }
    return bundle;
  }

  /** A built file by its name under /web/assets/. */
  file(name: string): Asset | undefined {
    return this.files.get(name);
  }

  private async build(used: DiscoveredModule[]): Promise<SiteBundle> {
    const started = Date.now();
    const islands = used.flatMap((m) => this.islands.get(m.manifest.name) ?? []);
    const entry = [
      `import { boot } from ${JSON.stringify(BOOT)};`,
      'boot({',
      ...islands.map(({ name, file }) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}),`),
      '});',
    ].join('\n');
    const result = await esbuild.build({
      stdin: { contents: entry, resolveDir: REPO_ROOT, loader: 'tsx', sourcefile: 'site-entry.tsx' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      minify: true,
      jsx: 'automatic',
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      outdir: path.join(REPO_ROOT, '.web-assets'),
      entryNames: 'site-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: 'asset-[hash]',
      publicPath: '/web/assets/',
      plugins: [assetUrlPlugin],
      write: false,
      logLevel: 'silent',
    });
    let script = '';
    for (const out of result.outputFiles) {
      const name = path.basename(out.path);
      this.store(name, Buffer.from(out.contents), CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
      if (name.startsWith('site-')) script = name;
    }
    const css = [BOOTSTRAP_CSS, SITE_CSS, SITE_MENU_CSS, ...used.flatMap((m) => (m.manifest.web?.styles ?? []).map((f) => fs.readFileSync(f, 'utf8')))].join('\n');
    const cssName = `site-${hash(css)}.css`;
    this.store(cssName, Buffer.from(css), 'text/css; charset=utf-8');
    this.logger.info({ modules: used.map((m) => m.manifest.name), ms: Date.now() - started, files: result.outputFiles.length }, 'web assets built');
    return { script: `/web/assets/${script}`, stylesheet: `/web/assets/${cssName}` };
  }

  private store(name: string, contents: Buffer, contentType: string): void {
    if (!this.files.has(name)) this.files.set(name, { contents, gzip: zlib.gzipSync(contents, { level: 9 }), contentType });
  }
}
