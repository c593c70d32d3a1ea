import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';

/** The Slides app of the back office (/web): the generic lists and forms of channels, slides and their parts. */
@injectable()
export class SlidesBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'slides.app', name: 'Slides', sequence: 100 },
      { id: 'slides.channels', parent: 'slides.app', name: 'Channels', sequence: 10, action: { model: 'slide.channel', columns: ['name', 'visibility', 'promote_strategy', 'website_published'] } },
      { id: 'slides.slides', parent: 'slides.app', name: 'Slides', sequence: 20, action: { model: 'slide.slide', columns: ['name', 'channel_id', 'slide_type', 'likes', 'dislikes', 'slide_views', 'embed_views', 'website_published'] } },
      { id: 'slides.categories', parent: 'slides.app', name: 'Categories', sequence: 30, action: { model: 'slide.category', columns: ['name', 'channel_id'] } },
      { id: 'slides.tags', parent: 'slides.app', name: 'Tags', sequence: 40, action: { model: 'slide.tag', columns: ['name'] } },
      { id: 'slides.embeds', parent: 'slides.app', name: 'Embeds', sequence: 50, action: { model: 'slide.embed', columns: ['slide_id', 'url', 'count_views'] } },
      { id: 'slides.votes', parent: 'slides.app', name: 'Votes', sequence: 60, action: { model: 'slide.vote', columns: ['slide_id', 'user_id', 'vote'] } },
    ];
  }
}
