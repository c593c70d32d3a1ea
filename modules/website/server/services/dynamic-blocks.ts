import type { ReactNode } from 'react';
import type { RequestContext } from '@platform/http';

/**
 * A block whose content the server computes when the page is rendered (the editor stores only its
 * placeholder, see web/blocks/block-catalog.ts): website's latest pages, and later upcoming events,
 * recent questions, featured products. Only blocks of modules enabled on the site are rendered; a
 * placeholder of a disabled or unknown block renders nothing.
 */
export interface DynamicBlockContribution {
  /** The placeholder's `data-dynamic-block` value, `<module>.<block>`. */
  readonly id: string;
  /** Shown in the editor's insert panel (English source, translated). */
  readonly name: string;
  /** Options are the placeholder's other `data-*` attributes (strings, untrusted: validate them). */
  render(req: RequestContext, options: Record<string, string>): Promise<ReactNode | null>;
  /**
   * Offered in the editor's insert panel as `<section data-dynamic-block="<id>">` (website's own blocks
   * are in the theme's catalog instead).
   */
  readonly insertable?: boolean;
  /**
   * Islands rendered next to the page editor (publishers in edit mode only) that set this block's
   * options: inserting the block, or its placeholder's Options button, dispatches a `BLOCK_OPTIONS_EVENT`
   * on `window` whose detail (`BlockOptionsRequest`) the island answers by calling `apply` with the
   * placeholder's new `data-*` attributes (or not at all, when the publisher cancels).
   */
  editorOptions?(req: RequestContext): Promise<ReactNode | null>;
}
export const DynamicBlockContribution = Symbol('DynamicBlockContribution');
