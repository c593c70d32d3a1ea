import { injectable } from 'inversify';
import type { ModelContribution } from '@platform/orm/model-contribution';
import type { ModelDefinition } from '@platform/orm/model-definition';
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
