import { inject, injectable } from 'inversify';
import { renderToStaticMarkup } from 'react-dom/server';
import { utcText } from '@platform/common';
import { type ContributionProvider, injectContributions, MissingError } from '@platform/core';
import { route, VisitorCountry, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { TranslationCatalog } from '@platform/web';
import { object } from 'yup';
import { eventListQuerySchema, type DateBucket } from '../../common/event-schemas';
import { COUNTRY_EVENTS_URL, slugId } from '../../common/event-urls';
import { eventListPage } from '../../web/pages/event-list-page';
import { eventPage } from '../../web/pages/event-page';
import { eventIcs } from '../services/event-ics';
import { EventCatalog, type EventDetail } from '../services/event-catalog';
import { SingleFlight } from '../services/single-flight';
import { TicketSaleContribution } from '../services/ticket-sale-point';
import type { EventListProps, RegistrationFormData } from '../../common/page-props';
import { EventListing } from '../services/event-listing';
import { EventRegistrations } from '../services/event-registrations';

/**
 * The list (`/event`), the country box, the event page and its .ics. Visitors' pages come from the public
 * page cache (emptied by any write, a registration included, so seat counts stay right).
 */
@injectable()
export class EventPageRoutes implements RouteContribution {
  private readonly lists = new SingleFlight<EventListProps>();
  private readonly pages = new SingleFlight<{ event: EventDetail; form: RegistrationFormData }>();
  constructor(
    @inject(EventListing) private readonly listing: EventListing,
    @inject(EventCatalog) private readonly catalog: EventCatalog,
    @inject(EventRegistrations) private readonly registrations: EventRegistrations,
    @inject(VisitorCountry) private readonly visitorCountry: VisitorCountry,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @injectContributions(TicketSaleContribution) private readonly sales: ContributionProvider<TicketSaleContribution>,
  ) {}

  routes(): RouteDefinition[] {
    const list = route({
      path: '/event', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: eventListQuerySchema,
      handler: async (req) => {
        const compute = () => this.listing.list(req.env, { ...req.params, date: req.params.date as DateBucket });
        // Visitors all get the same list: concurrent misses of the page cache share one computation.
        return eventListPage(req.isPublic ? await this.lists.run(`${req.site.id}|${req.lang}|${JSON.stringify(req.params)}`, compute) : await compute());
      },
    });
    return [
      list,
      { ...list, path: '/events' },
      {
        path: COUNTRY_EVENTS_URL, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => req.reply.send(await this.countryBox(req), 'text/html; charset=utf-8'),
      },
      route({
        path: '/event/:slug', type: 'http', auth: 'public', methods: ['GET'], cache: 'public', params: object({}),
        handler: async (req) => {
          const compute = async () => {
            const event = await this.event(req);
            return { event, form: (await this.registrations.form(req.env, event.id))! };
          };
          const { event, form } = req.isPublic ? await this.pages.run(`${req.site.id}|${req.lang}|${req.pathParams.slug}`, compute) : await compute();
          // Without a shop on this site, tickets with a price are shown but not offered (the server refuses them anyway).
          const sells = this.sales.getContributionsFor((m) => req.site.modules.has(m)).length > 0;
          const offered = sells ? form : { ...form, selects: form.selects.map((s) => (s.price > 0 ? { ...s, max: 0, unavailable: true } : s)) };
          return eventPage({ event, location: this.catalog.location(event), form: offered, lang: req.lang });
        },
      }),
      {
        path: '/event/:slug/register', type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => req.reply.redirect((await this.event(req)).urls.page, { status: 301 }),
      },
      route({
        path: '/event/:slug/ics', type: 'http', auth: 'public', methods: ['GET'], params: object({}),
        handler: async (req) => {
          const e = await this.event(req);
          const ics = eventIcs({
            id: e.id, name: e.name, begin: e.begin, end: e.end, location: this.catalog.location(e), url: `${req.http.origin}${e.urls.page}`,
            description: e.description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 1000), organizerEmail: e.organizerEmail, host: req.http.host,
          }, utcText());
          req.reply.file(ics, 'text/calendar; charset=utf-8', `${e.urls.page.split('/').pop()}.ics`);
        },
      }),
    ];
  }

  /** The event of the `:slug` the caller may see, else a 404. */
  private async event(req: RequestContext) {
    const id = slugId(req.pathParams.slug);
    const event = id ? await this.catalog.detail(req.env, id) : null;
    if (!event) throw new MissingError('This event does not exist.');
    return event;
  }

  /** The reference's country box: up to 5 upcoming events of the visitor's country (GeoIP), else of everywhere. */
  private async countryBox(req: RequestContext): Promise<string> {
    const t = (s: string) => this.translations.translate(req.site.modules, req.lang, s);
    const countryId = await this.visitorCountry.countryId(req.ip);
    const { country, events } = await this.listing.countryEvents(req.env, countryId);
    if (!events.length) return '';
    return renderToStaticMarkup(
      <div className="card mb-4">
        <div className="card-body">
          <h2 className="h6 card-title">{country ? `${t('Upcoming events in')} ${country.name}` : t('Upcoming events')}</h2>
          <ul className="list-unstyled mb-2">
            {events.map((e) => <li key={e.url} className="mb-1"><span className="text-body-secondary me-2">{e.date}</span><a href={e.url}>{e.name}</a></li>)}
          </ul>
          {country ? <a href={`/event?country=${country.id}`}>{`${t('See all events from')} ${country.name}`}</a> : null}
        </div>
      </div>,
    );
  }
}
