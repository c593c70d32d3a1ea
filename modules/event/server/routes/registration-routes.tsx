import { inject, injectable } from 'inversify';
import { renderToStaticMarkup } from 'react-dom/server';
import { object, string } from 'yup';
import { SiteUrls } from '@platform/base';
import { type ContributionProvider, injectContributions, InvalidFields, MissingError, UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { TranslationCatalog } from '@platform/web';
import { SEAT_MESSAGES } from '../../common/event-rules';
import { registrationNewSchema, totalQuantity, type AttendeeInput } from '../../common/event-schemas';
import { registrationCode } from '../../common/checkin';
import { cancelUrl } from '../../common/event-urls';
import { AttendeeForm, type AttendeeTicket } from '../../web/pages/attendee-form';
import { attendeesPage, messagePage } from '../../web/pages/event-page';
import { cancelPage, completePage } from '../../web/pages/registration-pages';
import { REGISTRATION_MODEL } from '../models/event-registration';
import { TICKET_MODEL } from '../models/event-ticket';
import { EventCatalog, type EventDetail } from '../services/event-catalog';
import { EventRegistrations, type ChosenTickets } from '../services/event-registrations';
import { RegistrationMails } from '../services/registration-mails';
import { RegistrationTokens } from '../services/registration-tokens';
import { TicketSaleContribution } from '../services/ticket-sale-point';

const LIMIT = { windowSeconds: 60 };

/**
 * The registration flow: the selects (JSON -> the attendee modal's HTML or false; without JavaScript a
 * form post -> the attendee page), the attendees (-> the confirmation page, or the cart for paid
 * tickets), and the signed cancel link of the confirmation mail.
 */
@injectable()
export class RegistrationRoutes implements RouteContribution {
  constructor(
    @inject(EventCatalog) private readonly catalog: EventCatalog,
    @inject(EventRegistrations) private readonly registrations: EventRegistrations,
    @inject(RegistrationMails) private readonly mails: RegistrationMails,
    @inject(RegistrationTokens) private readonly tokens: RegistrationTokens,
    @inject(SiteUrls) private readonly siteUrls: SiteUrls,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @injectContributions(TicketSaleContribution) private readonly sales: ContributionProvider<TicketSaleContribution>,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/event/:id/registration/new', type: 'json', auth: 'public', params: registrationNewSchema,
        rateLimit: { name: 'event.registration_new', limit: 120, ...LIMIT },
        handler: async (req) => {
          const event = await this.event(req);
          const chosen = await this.chosen(req, event, req.params.quantities as Record<string, unknown>);
          if (!chosen.length) return false;
          const t = (s: string) => this.translations.translate(req.site.modules, req.lang, s);
          return renderToStaticMarkup(<AttendeeForm t={t} action={event.urls.registrationConfirm} csrfToken={req.csrfToken()} tickets={tickets(chosen)} inModal />);
        },
      }),
      {
        // Without JavaScript: the event page is publicly cached (no per-visitor token in it), so this post is checked by its origin.
        path: '/event/:id/registration/attendees', type: 'http', auth: 'public', methods: ['POST'], csrf: 'origin',
        rateLimit: { name: 'event.registration_new', limit: 120, ...LIMIT },
        handler: async (req) => {
          const event = await this.event(req);
          let chosen: ChosenTickets[];
          try {
            chosen = await this.chosen(req, event, req.params);
          } catch (err) {
            if (err instanceof UserError) return messagePage('Registration', err.message, { url: event.urls.page, label: 'Back to the event' }, 400);
            throw err;
          }
          if (!chosen.length) return messagePage('Registration', SEAT_MESSAGES.noneChosen, { url: event.urls.page, label: 'Back to the event' }, 400, 'info');
          return attendeesPage({ event, tickets: tickets(chosen), csrfToken: req.csrfToken() });
        },
      },
      {
        path: '/event/:id/registration/confirm', type: 'http', auth: 'public', methods: ['POST'],
        rateLimit: { name: 'event.registration_confirm', limit: 60, ...LIMIT },
        handler: (req) => this.confirm(req),
      },
      route({
        path: '/event/registration/:id/cancel', type: 'http', auth: 'public', methods: ['GET', 'POST'], params: object({ token: string().max(64).required() }),
        rateLimit: { name: 'event.registration_cancel', limit: 30, ...LIMIT },
        handler: async (req) => {
          const id = Number(req.pathParams.id);
          if (!/^\d{1,9}$/.test(req.pathParams.id ?? '') || !(await this.tokens.verify(id, req.params.token))) throw new MissingError('This link is not valid.');
          const [reg] = await req.env.sudo().model(REGISTRATION_MODEL).read([id], ['name', 'event_id', 'state']);
          if (!reg) throw new MissingError('This link is not valid.');
          const event = (await this.catalog.detail(req.env.sudo(), Number((reg.event_id as [number, string])[0])))!;
          let state = String(reg.state);
          if (req.http.method === 'POST' && state !== 'cancel' && state !== 'done') {
            await this.registrations.cancel(req.env, [id]);
            return messagePage('Registration cancelled', 'Your registration is cancelled: your seat is free for someone else.', { url: event.urls.page, label: 'Back to the event' }, 200, 'success');
          }
          if (state === 'done') state = 'cancel';
          return cancelPage({ event, name: String(reg.name), action: cancelUrl(id, req.params.token).split('?')[0], token: req.params.token, csrfToken: req.csrfToken(), state });
        },
      }),
    ];
  }

  private async event(req: RequestContext): Promise<EventDetail> {
    const id = /^\d{1,9}$/.test(req.pathParams.id ?? '') ? Number(req.pathParams.id) : 0;
    const event = id ? await this.catalog.detail(req.env, id) : null;
    if (!event) throw new MissingError('This event does not exist.');
    return event;
  }

  private saleFor(req: RequestContext): TicketSaleContribution | undefined {
    return this.sales.getContributionsFor((m) => req.site.modules.has(m))[0];
  }

  private async chosen(req: RequestContext, event: EventDetail, raw: Record<string, unknown>): Promise<ChosenTickets[]> {
    const chosen = await this.registrations.chosen(req.env, event.id, raw);
    if (totalQuantity(Object.fromEntries(chosen.map((c) => [c.ticketId, c.quantity]))) === 0) return [];
    if (chosen.some((c) => c.price > 0) && !this.saleFor(req)) throw new UserError(SEAT_MESSAGES.paidWithoutShop);
    return chosen;
  }

  private async confirm(req: RequestContext) {
    const event = await this.event(req);
    const raw = req.params;
    let attendees: AttendeeInput[];
    try {
      attendees = await this.registrations.attendees(raw);
    } catch (err) {
      if (!(err instanceof InvalidFields)) {
        if (err instanceof UserError) return messagePage('Registration', err.message, { url: event.urls.page, label: 'Back to the event' }, 400);
        throw err;
      }
      req.reply.status(400);
      return attendeesPage({ event, tickets: await this.postedTickets(req, event.id, raw), csrfToken: req.csrfToken(), values: raw, errors: err.fields }, 400);
    }
    const prices = new Map((await req.env.sudo().model(TICKET_MODEL).search_read([['event_id', '=', event.id]], ['price'])).map((t) => [Number(t.id), Number(t.price)]));
    const paid = attendees.filter((a) => (prices.get(a.ticketId) ?? 0) > 0);
    const free = attendees.filter((a) => !paid.includes(a));
    const sale = paid.length ? this.saleFor(req) : undefined;
    if (paid.length && !sale) return messagePage('Registration', SEAT_MESSAGES.paidWithoutShop, { url: event.urls.page, label: 'Back to the event' }, 400);
    const baseUrl = await this.siteUrls.forMail(req);
    let ids: number[] = [];
    let next: string | null = null;
    try {
      await req.env.transaction(async (tx) => {
        const inTx = { ...req, env: tx };
        if (free.length) ids = await this.registrations.register(tx, event.id, free, { state: 'open', partnerId: req.isPublic ? null : req.user.partnerId, baseUrl });
        if (paid.length) next = await sale!.sell(inTx, event.id, paid);
      });
    } catch (err) {
      if (err instanceof UserError) return messagePage('Registration', err.message, { url: event.urls.page, label: 'Back to the event' }, 400);
      throw err;
    }
    void this.mails.kick();
    if (next) {
      req.reply.redirect(next, { status: 303 });
      return undefined;
    }
    const rows = await req.env.sudo().model(REGISTRATION_MODEL).read(ids, ['name', 'email', 'event_ticket_id', 'state']);
    return completePage({
      event, location: this.catalog.location(event),
      attendees: rows.map((r) => ({ name: String(r.name), email: String(r.email), ticket: Array.isArray(r.event_ticket_id) ? String(r.event_ticket_id[1]) : null, state: String(r.state), code: registrationCode(Number(r.id)) })),
    });
  }

  /** The tickets a refused attendee form named (to show it again), by their posted ids. */
  private async postedTickets(req: RequestContext, eventId: number, raw: Record<string, unknown>): Promise<AttendeeTicket[]> {
    const ids = Object.entries(raw).filter(([k]) => /^\d{1,2}-ticket_id$/.test(k)).sort(([a], [b]) => parseInt(a, 10) - parseInt(b, 10)).map(([, v]) => Number(v));
    const names = new Map((await req.env.sudo().model(TICKET_MODEL).search_read([['event_id', '=', eventId]], ['name'])).map((t) => [Number(t.id), String(t.name)]));
    const out: AttendeeTicket[] = [];
    for (const id of ids) {
      const last = out[out.length - 1];
      if (last && last.ticketId === id) last.quantity++;
      else out.push({ ticketId: Number.isSafeInteger(id) ? id : 0, name: names.get(id) ?? 'Registration', quantity: 1 });
    }
    return out;
  }
}

const tickets = (chosen: ChosenTickets[]): AttendeeTicket[] => chosen.map((c) => ({ ticketId: c.ticketId, name: c.name, quantity: c.quantity }));
