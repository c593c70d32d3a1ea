import { inject, injectable } from 'inversify';
import { object } from 'yup';
import { MissingError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { trackProposalSchema } from '../../common/event-schemas';
import { slugId } from '../../common/event-urls';
import { agendaPage, proposalPage, trackPage, tracksPage } from '../../web/pages/track-pages';
import { EventCatalog, type EventDetail } from '../services/event-catalog';
import { EventTracks } from '../services/event-tracks';

/** Talks of an event (when the event shows them): list (by tag), a talk's page, the agenda, and the proposal form. */
@injectable()
export class TrackRoutes implements RouteContribution {
  constructor(@inject(EventCatalog) private readonly catalog: EventCatalog, @inject(EventTracks) private readonly tracks: EventTracks) {}

  routes(): RouteDefinition[] {
    const none = object({});
    return [
      route({
        path: '/event/:slug/track', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: none,
        handler: async (req) => {
          const event = await this.event(req);
          const tracks = await this.tracks.list(req.env, event);
          return tracksPage({ event, tracks, tags: this.tracks.tagsOf(tracks), tagId: null });
        },
      }),
      route({
        path: '/event/:slug/track/tag/:tag', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: none,
        handler: async (req) => {
          const event = await this.event(req);
          const tagId = slugId(req.pathParams.tag);
          if (!tagId) throw new MissingError('This tag does not exist.');
          const all = await this.tracks.list(req.env, event);
          return tracksPage({ event, tracks: all.filter((t) => t.tags.some((g) => g.id === tagId)), tags: this.tracks.tagsOf(all), tagId });
        },
      }),
      route({
        path: '/event/:slug/track/:track', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: none,
        handler: async (req) => {
          const event = await this.event(req);
          const id = slugId(req.pathParams.track);
          const track = id ? (await this.tracks.list(req.env, event)).find((t) => t.id === id) : undefined;
          if (!track) throw new MissingError('This talk does not exist.');
          return trackPage({ event, track });
        },
      }),
      route({
        path: '/event/:slug/agenda', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: none,
        handler: async (req) => {
          const event = await this.event(req);
          return agendaPage({ event, days: this.tracks.agenda(await this.tracks.list(req.env, event), event.tz), lang: req.lang });
        },
      }),
      route({
        path: '/event/:slug/track_proposal', type: 'http', auth: 'public', methods: ['GET'], params: none,
        handler: async (req) => {
          const event = await this.event(req, true);
          return proposalPage({ event, tags: await this.tracks.allTags(req.env), csrfToken: req.csrfToken() });
        },
      }),
      route({
        path: '/event/:slug/track_proposal/post', type: 'http', auth: 'public', methods: ['POST'], params: trackProposalSchema,
        rateLimit: { name: 'event.track_proposal', limit: 5, perAccount: 10, windowSeconds: 3600 },
        invalid: async (req, errors) => {
          const event = await this.event(req, true);
          return proposalPage({ event, tags: await this.tracks.allTags(req.env), csrfToken: req.csrfToken(), values: req.params, errors }, 400);
        },
        handler: async (req) => {
          const event = await this.event(req, true);
          await this.tracks.propose(req.env, event.id, req.params);
          return proposalPage({ event, tags: [], csrfToken: '', sent: true });
        },
      }),
    ];
  }

  /** The event (visible to the caller) if it shows its talks (and takes proposals, for the form). */
  private async event(req: RequestContext, proposals = false): Promise<EventDetail> {
    const id = slugId(req.pathParams.slug);
    const event = id ? await this.catalog.detail(req.env, id) : null;
    if (!event || !event.websiteTrack || (proposals && !event.websiteTrackProposal)) throw new MissingError('This page does not exist.');
    return event;
  }
}
