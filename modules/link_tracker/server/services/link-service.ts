import { inject, injectable } from 'inversify';
import { type Domain, DuplicateError, MissingError, UserError, ValidationError } from '@platform/core';
import { type Env, EnvFactory, type Row } from '@platform/orm';
import { assertCanTrackLinks } from './access';
import { ClickRecorder } from './click-recorder';
import { CODE_PATTERN, randomCode } from './code-generator';
import { LinkPreviewer } from './link-preview';

export const MAX_URL_LENGTH = 2048;
export const LINK_FIELDS = [
  'id', 'url', 'title', 'code', 'short_url', 'campaign_id', 'medium_id', 'source_id', 'count', 'unique_count',
  'last_click_date', 'create_date',
];
export const RECENT_FILTERS = ['newest', 'most-clicked', 'recently-used'] as const;
export type RecentFilter = (typeof RECENT_FILTERS)[number];

export interface NewLinkParams {
  url: string;
  campaign_id?: number | false | null;
  medium_id?: number | false | null;
  source_id?: number | false | null;
}

export class DuplicateCodeError extends UserError {
  constructor() {
    super('This code is already taken');
  }
}

/** Tracked links: creation, codes, recent lists. Writes run as superuser once the caller's group is checked. */
@injectable()
export class LinkService {
  constructor(
    @inject(LinkPreviewer) private readonly previewer: LinkPreviewer,
    @inject(ClickRecorder) private readonly clicks: ClickRecorder,
    @inject(EnvFactory) private readonly envs: EnvFactory,
  ) {}

  /** `/website_links/new`: a list with the link, or `{error}` in the spec's codes. */
  async create(env: Env, origin: string, params: NewLinkParams): Promise<Row[] | { error: string }> {
    assertCanTrackLinks(env);
    const typed = params.url.trim();
    if (!typed) return { error: 'empty_url' };
    const url = normalizeUrl(typed);
    const utm: Row = {};
    for (const [field, model] of [['campaign_id', 'utm.campaign'], ['medium_id', 'utm.medium'], ['source_id', 'utm.source']] as const) {
      const id = params[field];
      if (id === undefined || id === null || id === false) {
        utm[field] = false;
        continue;
      }
      if ((await env.model(model).search_count([['id', '=', id]])) === 0) throw new ValidationError(`Unknown ${model.slice(4)} (id ${id})`);
      utm[field] = id;
    }
    // The same target with the same campaign, medium and source is the same link: no second code.
    const sameDomain: Domain = [['url', '=', url], ['create_uid', '=', env.uid]];
    for (const [field, value] of Object.entries(utm)) sameDomain.push([field, '=', value as number | false]);
    const sudo = env.sudo();
    const [existing] = await sudo.model('link.tracker').search(sameDomain, { limit: 1 });
    if (existing) return this.read(env, [existing]);

    const preview = await this.previewer.preview(url);
    if (preview.notFound) return { error: 'url_not_found' };
    const id = await sudo.transaction(async (tx) => {
      const linkId = await tx.model('link.tracker').create({ url, title: preview.title, ...utm });
      await this.attachCode(tx, origin, linkId, await this.freeCode(tx));
      return linkId;
    });
    return this.read(env, [id]);
  }

  /**
   * `/website_links/add_code`: gives the link of `initCode` a new code, which becomes its short URL.
   * Only a link the caller may see (its own; any for managers): another's answers like an unknown code.
   */
  async addCode(env: Env, origin: string, initCode: string, newCodeRaw: string): Promise<Row[]> {
    assertCanTrackLinks(env);
    const newCode = newCodeRaw.trim();
    if (!newCode) throw new ValidationError('The code cannot be left empty');
    if (!CODE_PATTERN.test(newCode)) throw new ValidationError('A code may only contain letters, digits, - and _ (64 at most)');
    const linkId = await this.linkOfCode(env, initCode);
    if (linkId === null) throw new MissingError('This link does not exist');
    const sudo = env.sudo();
    await sudo.transaction(async (tx) => {
      const [taken] = await tx.model('link.tracker.code').search_read([['code', '=', newCode]], ['link_id'], { limit: 1 });
      if (taken && (taken.link_id as [number, string])[0] !== linkId) throw new DuplicateCodeError();
      if (taken) await this.makeCurrent(tx, origin, linkId, newCode); // an older code of this link comes back
      else await this.attachCode(tx, origin, linkId, newCode);
    });
    this.clicks.invalidate(linkId);
    return sudo.model('link.tracker.code').search_read([['code', '=', newCode]], ['id', 'code', 'link_id']);
  }

  /** `/website_links/recent_links`: the caller's own links. */
  async recent(env: Env, filter: string, limit: number): Promise<Row[]> {
    assertCanTrackLinks(env);
    if (!(RECENT_FILTERS as readonly string[]).includes(filter)) throw new ValidationError("This filter doesn't exist.");
    const mine: Domain = [['create_uid', '=', env.uid]];
    const used: Domain = [...mine, ['count', '!=', 0]];
    const [domain, order] = filter === 'newest'
      ? [mine, 'create_date desc, id desc']
      : filter === 'most-clicked' ? [used, 'count desc, id desc'] : [used, 'last_click_date desc, id desc'];
    return env.model('link.tracker').search_read(domain, LINK_FIELDS, { limit, order });
  }

  /**
   * For other modules (e.g. newsletter clicks): the tracked link of `url` under this campaign, medium
   * and source, named by name and created when missing, with no page fetch. Returns its current code.
   * The caller has already decided that the URL may be redirected to.
   */
  async trackFor(origin: string, url: string, utm: { campaign: string; medium: string; source: string }): Promise<string> {
    const sudo = this.envs.superuser();
    const ids: Record<string, number> = {};
    for (const [field, model, name] of [['campaign_id', 'utm.campaign', utm.campaign], ['medium_id', 'utm.medium', utm.medium], ['source_id', 'utm.source', utm.source]] as const) {
      ids[field] = await this.utmByName(sudo, model, name.trim());
    }
    return sudo.transaction(async (tx) => {
      const target = normalizeUrl(url);
      const [existing] = await tx.model('link.tracker').search_read(
        [['url', '=', target], ['campaign_id', '=', ids.campaign_id], ['medium_id', '=', ids.medium_id], ['source_id', '=', ids.source_id]], ['code'], { limit: 1 },
      );
      if (existing?.code) return String(existing.code);
      const linkId = await tx.model('link.tracker').create({ url: target, title: target, ...ids });
      const code = await this.freeCode(tx);
      await this.attachCode(tx, origin, linkId, code);
      return code;
    });
  }

  /**
   * The id of the UTM value with this name (ignoring case), created when missing. Created in its own
   * transaction: when another request creates the same name meanwhile, the unique index refuses this
   * one and the other's is found.
   */
  private async utmByName(sudo: Env, model: 'utm.campaign' | 'utm.medium' | 'utm.source', name: string): Promise<number> {
    const find = async () => (await sudo.db(model.replace('.', '_')).whereRaw('lower(name) = lower(?)', [name]).first('id'))?.id as number | undefined;
    const found = await find();
    if (found !== undefined) return Number(found);
    try {
      return await sudo.model(model).create({ name });
    } catch (err) {
      const raced = err instanceof DuplicateError ? await find() : undefined;
      if (raced === undefined) throw err;
      return Number(raced);
    }
  }

  /** The link a code names (any of its codes), for its statistics page; null when unknown or not the caller's. */
  async byCode(env: Env, code: string): Promise<Row | null> {
    assertCanTrackLinks(env);
    const linkId = await this.linkOfCode(env, code);
    if (linkId === null) return null;
    const [link] = await env.model('link.tracker').read([linkId], LINK_FIELDS);
    return link;
  }

  /** The link of a code, read with the caller's record rules (a code of another's link is no link). */
  private async linkOfCode(env: Env, code: string): Promise<number | null> {
    const [hit] = await env.model('link.tracker.code').search_read([['code', '=', code]], ['link_id'], { limit: 1 });
    return hit ? (hit.link_id as [number, string])[0] : null;
  }

  private read(env: Env, ids: number[]): Promise<Row[]> {
    return env.model('link.tracker').read(ids, LINK_FIELDS);
  }

  /** 3 random characters; each collision makes the next try one character longer. */
  private async freeCode(env: Env): Promise<string> {
    for (let length = 3; ; length++) {
      const code = randomCode(length);
      if ((await env.model('link.tracker.code').search_count([['code', '=', code]])) === 0) return code;
    }
  }

  private async attachCode(env: Env, origin: string, linkId: number, code: string): Promise<void> {
    await env.model('link.tracker.code').create({ code, link_id: linkId });
    await this.makeCurrent(env, origin, linkId, code);
  }

  private async makeCurrent(env: Env, origin: string, linkId: number, code: string): Promise<void> {
    await env.model('link.tracker').write([linkId], { code, short_url: `${origin}/r/${code}` });
  }
}

/**
 * The URL as it will be stored: a missing scheme means http (as people type "example.com/page");
 * any other scheme than http(s) is refused, and so is anything without a host.
 */
export function normalizeUrl(typed: string): string {
  if (typed.length > MAX_URL_LENGTH) throw new ValidationError(`The URL is too long (${MAX_URL_LENGTH} characters at most)`);
  let candidate = typed;
  if (!/^https?:\/\//i.test(candidate)) {
    // "mailto:x", "javascript:..." carry a scheme; "example.com:8080/x" only a port.
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(candidate)) throw new ValidationError('Only http and https URLs can be tracked');
    candidate = `http://${candidate.replace(/^\/+/, '')}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    throw new ValidationError('This URL is not valid');
  }
  if (!parsed.hostname || /\s/.test(candidate)) throw new ValidationError('This URL is not valid');
  if (parsed.username || parsed.password) throw new ValidationError('A tracked URL cannot carry a user name or password');
  if (candidate.length > MAX_URL_LENGTH) throw new ValidationError(`The URL is too long (${MAX_URL_LENGTH} characters at most)`);
  return candidate;
}
