import type { Knex } from 'knex';
import { UserError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { dependentsOf, withDependencies } from '@platform/core/dependency-graph';
import type { WriteSignal } from '@platform/db/write-signal';
import { configuredBaseUrl, type Site } from './site';

/** Sites change rarely; a short cache keeps the Host lookup off the database on hot paths. */
const TTL_MS = 2000;
/** Host values whose site is remembered per load (clients may send any valid name). */
const MAX_HOSTS_KEPT = 100;

/** The tables the site list is read from: a write to one of them drops it at once. */
const SITE_TABLES = ['website', 'website_module', 'res_lang', 'res_lang_website_rel'];

/** More columns of the `website` table, read with the sites and cached with them (e.g. the layout's appearance). */
export type WebsiteColumns = (db: Knex) => Array<string | Knex.Raw>;

/** Websites, the modules enabled on each, and which one a request's Host header selects. */
export class SiteService {
  /** `byHost`: what `pick` chose for each Host value seen since the load (bounded by MAX_HOSTS_KEPT). */
  private cache?: { sites: Site[]; rows: Map<number, Record<string, unknown>>; at: number; byHost: Map<string, Site> };
  private loading?: Promise<{ sites: Site[]; rows: Map<number, Record<string, unknown>> }>;
  private generation = 0;
  private readonly extraColumns: WebsiteColumns[] = [];

  /**
   * `signal`: the kernel's write signal; a write to the site tables (here or, as far as the signal
   * tells, in another process) drops the list at once. Without one, only `invalidate()` and the
   * 2-second lifetime do.
   */
  constructor(private readonly db: Knex, private readonly modules: DiscoveredModule[], private readonly signal?: WriteSignal) {
    signal?.watch(SITE_TABLES, () => this.invalidate());
  }

  private ttl(): number {
    return this.signal ? this.signal.lifetime(TTL_MS) : TTL_MS;
  }

  /** Also reads these columns of `website` with the sites (see `websiteRow`); one cache for both. */
  readColumns(columns: WebsiteColumns): void {
    this.extraColumns.push(columns);
    this.invalidate();
  }

  /** The site's row as read with the sites: the columns asked for through `readColumns`. */
  async websiteRow(siteId: number): Promise<Record<string, unknown> | undefined> {
    return (await this.current()).rows.get(siteId);
  }

  async all(): Promise<Site[]> {
    return (await this.current()).sites;
  }

  private current(): Promise<{ sites: Site[]; rows: Map<number, Record<string, unknown>> }> {
    this.signal?.generation(); // notices changes made by other processes
    if (this.cache && Date.now() - this.cache.at < this.ttl()) return Promise.resolve(this.cache);
    // One load at a time: when the cache expires under load, every request waits for the same one.
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.load().then((loaded) => {
        // A change made while loading may be missing from these: kept only if nothing changed since.
        if (generation === this.generation) this.cache = { ...loaded, at: Date.now(), byHost: new Map() };
        return loaded;
      }).finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  invalidate(): void {
    this.cache = undefined;
    this.loading = undefined;
    this.generation++;
  }

  /** The site whose domain is the Host header (port ignored), else the first site. */
  async resolve(host: string | undefined): Promise<Site> {
    return this.pick(await this.all(), host);
  }

  /** resolve() without waiting, while the sites are cached (hot paths); undefined otherwise. */
  cachedResolve(host: string | undefined): Site | undefined {
    this.signal?.generation();
    const cache = this.cache;
    if (!cache || Date.now() - cache.at >= this.ttl()) return undefined;
    // The choice per Host value, made once per load of the sites (a lower-casing, a regex and a scan
    // of the sites on every hot-path request otherwise).
    const key = host ?? '';
    let site = cache.byHost.get(key);
    if (site === undefined) {
      site = this.pick(cache.sites, host);
      if (cache.byHost.size < MAX_HOSTS_KEPT) cache.byHost.set(key, site);
    }
    return site;
  }

  private pick(sites: Site[], host: string | undefined): Site {
    if (sites.length === 0) throw new Error('No website is configured');
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    return sites.find((s) => s.domain && s.domain.toLowerCase() === name) ?? sites[0];
  }

  async get(id: number): Promise<Site> {
    const site = (await this.all()).find((s) => s.id === id);
    if (!site) throw new UserError(`No website with id ${id}`);
    return site;
  }

  /** Enables modules (and what they depend on) on a site. Returns the modules newly enabled. */
  async enable(siteId: number, names: string[], installed: ReadonlySet<string>): Promise<string[]> {
    const added = await this.enablePlan(siteId, names, installed);
    for (const module of added) await this.db('website_module').insert({ website_id: siteId, module }).onConflict(['website_id', 'module']).ignore();
    this.invalidate();
    return added;
  }

  /** What enable() would turn on, writing nothing (the back office asks before it acts). */
  async enablePlan(siteId: number, names: string[], installed: ReadonlySet<string>): Promise<string[]> {
    const site = await this.get(siteId);
    for (const n of names) {
      if (!this.modules.some((m) => m.manifest.name === n)) throw new UserError(`Unknown module '${n}'`);
      if (!installed.has(n)) throw new UserError(`Module '${n}' is not installed; install it first`);
    }
    const wanted = withDependencies(names, this.modules);
    return [...wanted].filter((n) => !site.modules.has(n) && n !== 'base');
  }

  /** Disables modules on a site, and the enabled modules that depend on them. Data is kept. */
  async disable(siteId: number, names: string[]): Promise<string[]> {
    const removed = await this.disablePlan(siteId, names);
    if (removed.length) await this.db('website_module').where({ website_id: siteId }).whereIn('module', removed).delete();
    this.invalidate();
    return removed;
  }

  /** What disable() would turn off (the modules named and their enabled dependents), writing nothing. */
  async disablePlan(siteId: number, names: string[]): Promise<string[]> {
    const site = await this.get(siteId);
    if (names.includes('base')) throw new UserError("Module 'base' cannot be disabled");
    return [...new Set([...names, ...dependentsOf(names, this.modules, new Set(site.modules))])].filter((n) => site.modules.has(n));
  }

  private async load(): Promise<{ sites: Site[]; rows: Map<number, Record<string, unknown>> }> {
    const extra = this.extraColumns.flatMap((c) => c(this.db));
    const rows = await this.db('website').orderBy('id').select('id', 'name', 'domain', 'base_url', 'default_lang_id', 'user_id', ...extra);
    const langs: Array<{ id: number; code: string }> = await this.db('res_lang').select('id', 'code');
    const langCode = new Map(langs.map((l) => [l.id, l.code]));
    const rel: Array<{ website_id: number; res_lang_id: number }> = await this.db('res_lang_website_rel').select('website_id', 'res_lang_id');
    const mods: Array<{ website_id: number; module: string }> = await this.db('website_module').select('website_id', 'module');
    const sites = rows.map((r: { id: number; name: string; domain: string | null; base_url: string | null; default_lang_id: number; user_id: number }) => {
      const defaultLang = langCode.get(r.default_lang_id) ?? 'en_US';
      const siteLangs = rel.filter((x) => x.website_id === r.id).map((x) => langCode.get(x.res_lang_id)!).filter(Boolean);
      return {
        id: r.id,
        name: r.name,
        domain: r.domain || null,
        defaultLang,
        langs: siteLangs.includes(defaultLang) ? siteLangs : [defaultLang, ...siteLangs],
        modules: new Set(['base', ...mods.filter((m) => m.website_id === r.id).map((m) => m.module)]),
        publicUserId: r.user_id,
        baseUrl: configuredBaseUrl(r),
      };
    });
    return { sites, rows: new Map(rows.map((r: Record<string, unknown>) => [Number(r.id), r])) };
  }
}
