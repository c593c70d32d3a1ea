import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { SlideCategory } from './models/slide-category';
import { SlideChannel } from './models/slide-channel';
import { SlideEmbed } from './models/slide-embed';
import { SlideSlide } from './models/slide-slide';
import { SlideTag } from './models/slide-tag';
import { SlideVote } from './models/slide-vote';
import { ResGroupsImpliedBy } from './models/res-groups-implied-by';

@injectable()
export class SlidesModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [SlideChannel, SlideCategory, SlideTag, SlideSlide, SlideEmbed, SlideVote, ResGroupsImpliedBy];
  }
}
