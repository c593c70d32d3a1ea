import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { MailFollowers } from './models/mail-followers';
import { MailMessage } from './models/mail-message';
import { RatingRating } from './models/rating-rating';
import { WebsitePageReviews } from './models/website-page-reviews';

@injectable()
export class WebsiteMailModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [MailFollowers, MailMessage, RatingRating, WebsitePageReviews];
  }
}
