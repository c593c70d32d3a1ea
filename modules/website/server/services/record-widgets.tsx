import { injectable } from 'inversify';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { type ContributionProvider, injectContributions } from '@platform/core';
import type { RequestContext } from '@platform/http';

/** The record a page shows (`website.page` 3, an event, a product...). */
export interface RecordRef {
  model: string;
  id: number;
}

/**
 * Widgets other modules put under a record's page: follow (website_mail), comments and ratings
 * (website_mail), share buttons (website). Each says what it renders for a given record, or null.
 */
export interface RecordWidgetContribution {
  sequence: number;
  renderFor(req: RequestContext, record: RecordRef): Promise<ReactNode | null>;
}
export const RecordWidgetContribution = Symbol('RecordWidgetContribution');

/** Collects the record widgets of the modules enabled on the request's site, in sequence order. */
@injectable()
export class RecordWidgets {
  constructor(@injectContributions(RecordWidgetContribution) private readonly widgets: ContributionProvider<RecordWidgetContribution>) {}

  async render(req: RequestContext, record: RecordRef): Promise<ReactNode> {
    const widgets = this.widgets
      .getContributionsFor((m) => req.site.modules.has(m))
      .sort((a, b) => a.sequence - b.sequence);
    const nodes = await Promise.all(widgets.map((w) => w.renderFor(req, record)));
    return <>{nodes.map((n, i) => (n ? <Fragment key={i}>{n}</Fragment> : null))}</>;
  }
}
