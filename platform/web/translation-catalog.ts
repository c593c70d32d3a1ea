import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveredModule } from '@platform/core/manifest';

/**
 * UI strings translated per module: `<module>/i18n/<lang>.json` maps the English source text to its
 * translation. Files are read once at boot; a page receives the strings of the site's enabled modules.
 */
export class TranslationCatalog {
  /** module -> lang -> source -> translation */
  private readonly byModule = new Map<string, Map<string, Record<string, string>>>();
  private readonly merged = new Map<string, Record<string, string>>();

  constructor(modules: DiscoveredModule[]) {
    for (const m of modules) {
      const dir = path.join(m.path, 'i18n');
      if (!fs.existsSync(dir)) continue;
      const langs = new Map<string, Record<string, string>>();
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
        if (!parsed || typeof parsed !== 'object' || Object.values(parsed).some((v) => typeof v !== 'string')) {
          throw new Error(`${m.manifest.name}/i18n/${file} must map source strings to translated strings`);
        }
        langs.set(file.slice(0, -'.json'.length), parsed as Record<string, string>);
      }
      this.byModule.set(m.manifest.name, langs);
    }
  }

  /** Strings of one module in one language (empty when untranslated). */
  module(name: string, lang: string): Record<string, string> {
    return this.byModule.get(name)?.get(lang) ?? {};
  }

  /** All strings of the given modules in one language, merged (cached per module set). */
  forModules(modules: Iterable<string>, lang: string): Record<string, string> {
    const names = [...modules].filter((n) => this.byModule.has(n)).sort();
    const key = `${lang}|${names.join(',')}`;
    let merged = this.merged.get(key);
    if (!merged) {
      merged = Object.assign({}, ...names.map((n) => this.module(n, lang))) as Record<string, string>;
      this.merged.set(key, merged);
    }
    return merged;
  }

  /** Translates one string for server-side code that has no React context (e-mails, redirects). */
  translate(modules: Iterable<string>, lang: string, source: string): string {
    return this.forModules(modules, lang)[source] ?? source;
  }
}
