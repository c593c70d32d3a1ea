import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { ContributionProvider, injectContributions, LoggerToken } from '@platform/core';
import type { RequestContext } from '@platform/http';
import { PageRenderer } from '@platform/web';
import { DYNAMIC_BLOCK_ATTRIBUTE } from '../../web/blocks/block-catalog';
import { DynamicBlockContribution } from './dynamic-blocks';

/** At most this many dynamic blocks are filled per page (the rest stay empty placeholders). */
const MAX_BLOCKS_PER_PAGE = 20;
/** At most this many options are read from one placeholder. */
const MAX_OPTIONS = 20;

const PLACEHOLDER = new RegExp(`<section\\b[^>]*\\s${DYNAMIC_BLOCK_ATTRIBUTE}="([^"]*)"[^>]*>`, 'gi');
const SECTION_TAG = /<(\/?)section\b[^>]*>/gi;
const DATA_ATTRIBUTE = /\sdata-([a-z0-9-]{1,40})="([^"]*)"/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]);
}

/** The options of a placeholder: its `data-*` attributes but the block id, as strings. */
export function placeholderOptions(openingTag: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [, name, value] of openingTag.matchAll(DATA_ATTRIBUTE)) {
    if (`data-${name}` === DYNAMIC_BLOCK_ATTRIBUTE || Object.keys(options).length >= MAX_OPTIONS) continue;
    options[name.toLowerCase()] = decodeEntities(value).slice(0, 200);
  }
  return options;
}

/** Where the `</section>` closing the section opened just before `from` is (counting nested sections). */
function closingSection(html: string, from: number): { start: number; end: number } | null {
  let depth = 1;
  SECTION_TAG.lastIndex = from;
  for (let m = SECTION_TAG.exec(html); m; m = SECTION_TAG.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return { start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/**
 * Fills the dynamic blocks of a page's stored (sanitised) HTML: each `<section data-dynamic-block="id">`
 * placeholder keeps its opening tag (so the editor finds it again) and gets the server-rendered HTML
 * of the block `id` of a module enabled on the site. A placeholder of an unknown or disabled block, or
 * of a block that fails, stays empty (it shows nothing); options are untrusted strings each block checks.
 */
@injectable()
export class DynamicBlockRenderer {
  constructor(
    @injectContributions(DynamicBlockContribution) private readonly blocks: ContributionProvider<DynamicBlockContribution>,
    @inject(PageRenderer) private readonly pages: PageRenderer,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** The blocks enabled on the request's site (the editor's insert panel lists these). */
  available(req: RequestContext): DynamicBlockContribution[] {
    return this.blocks.getContributionsFor((m) => req.site.modules.has(m));
  }

  async render(req: RequestContext, html: string): Promise<string> {
    if (!html.includes(DYNAMIC_BLOCK_ATTRIBUTE)) return html;
    const byId = new Map(this.available(req).map((b) => [b.id, b]));
    let out = '';
    let at = 0;
    let filled = 0;
    const placeholders = [...html.matchAll(PLACEHOLDER)];
    for (const m of placeholders) {
      const start = m.index!;
      if (start < at) continue; // inside a placeholder already replaced
      const openEnd = start + m[0].length;
      const close = closingSection(html, openEnd);
      if (!close) break;
      const block = byId.get(decodeEntities(m[1]));
      const inner = block && filled++ < MAX_BLOCKS_PER_PAGE ? await this.renderBlock(req, block, placeholderOptions(m[0])) : '';
      out += html.slice(at, openEnd) + inner + html.slice(close.start, close.end);
      at = close.end;
    }
    return out + html.slice(at);
  }

  private async renderBlock(req: RequestContext, block: DynamicBlockContribution, options: Record<string, string>): Promise<string> {
    try {
      const node = await block.render(req, options);
      if (node === null || node === undefined) return '';
      // Through the page renderer: the page it is inserted into learns of the islands it holds.
      return await this.pages.renderFragment(req, node);
    } catch (err) {
      // One broken block must not take the page down with it.
      this.logger.warn({ err, block: block.id }, 'dynamic block failed to render');
      return '';
    }
  }
}
