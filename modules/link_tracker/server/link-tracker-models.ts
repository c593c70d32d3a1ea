import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { LinkTracker } from './models/link-tracker';
import { LinkTrackerClick } from './models/link-tracker-click';
import { LinkTrackerCode } from './models/link-tracker-code';
import { UtmCampaign } from './models/utm-campaign';
import { UtmMedium } from './models/utm-medium';
import { UtmSource } from './models/utm-source';

@injectable()
export class LinkTrackerModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [UtmCampaign, UtmMedium, UtmSource, LinkTracker, LinkTrackerCode, LinkTrackerClick];
  }
}
