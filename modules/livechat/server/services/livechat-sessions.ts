import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Session, UserInfo } from '@platform/http';
import { AccessError, DatabaseToken, MissingError, ValidationError } from '@platform/core';
import { type Env, EnvFactory, nowUtc } from '@platform/orm';
import { People } from '@platform/base';
import { BusService } from '@modules/bus';
import { partnerChannel } from '@modules/bus';
import { PresenceService, type ImStatus } from '@modules/bus';
// Chat lines are stored like website_mail's comments (livechat depends on it): one text -> HTML rule.
import { textToHtml, utcText } from '@platform/common';
import { conversationChannel, type ChannelInfo, type FormattedMessage, type Many2one } from './chat-format';

/** Who is calling a chat route. */
export interface ChatCaller {
  env: Env;
  session: Session;
  user: UserInfo;
  isPublic: boolean;
}

/** Key of the browser session holding the ids of the chat sessions it started. */
export const OWNED_SESSIONS_KEY = 'livechat_channel_ids';
const MAX_OWNED = 20;
export const HISTORY_LIMIT = 100;
export const MAX_MESSAGE_LENGTH = 4000;
/** An operator's load: its open sessions active within this window. */
const BUSY_WINDOW_SECONDS = 3600;
export const NO_OPERATOR = 'None of our collaborators seems to be available, please try again later.';
const NOT_YOURS = 'This chat session does not exist or is not yours.';

interface ChannelRow {
  id: number;
  uuid: string;
  name: string;
  state: 'open' | 'closed';
  anonymous_name: string | null;
  livechat_channel_id: number | null;
  livechat_operator_id: number | null;
  country_id: number | null;
}

/**
 * Chat sessions: who may open one, with whom, and who may read and write in it. A session belongs to
 * the browser session that started it and to its members (the operator, a logged-in visitor); the
 * uuid only names it. Everything runs as superuser after those checks.
 */
@injectable()
export class LivechatSessions {
  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(BusService) private readonly bus: BusService,
    @inject(PresenceService) private readonly presence: PresenceService,
    @inject(EnvFactory) private readonly envs: EnvFactory,
    @inject(People) private readonly people: People,
  ) {}

  /** Operators of a livechat channel who are online now. */
  async availableOperators(livechatChannelId: number): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await this.db('im_livechat_channel_im_user').where({ channel_id: livechatChannelId }).select('user_id');
    return this.presence.onlineUsers(rows.map((r) => r.user_id));
  }

  async assertChannel(env: Env, livechatChannelId: number): Promise<void> {
    const found = await env.sudo().model('im_livechat.channel').search_count([['id', '=', livechatChannelId]]);
    if (!found) throw new MissingError('This live chat channel does not exist.');
  }

  /** Opens a session with the least busy online operator, or returns false when nobody is online. */
  async open(caller: ChatCaller, livechatChannelId: number, anonymousName: string, countryId: number | null, page?: string): Promise<ChannelInfo | false> {
    await this.assertChannel(caller.env, livechatChannelId);
    const online = await this.availableOperators(livechatChannelId);
    if (online.length === 0) return false;
    const operator = await this.leastBusy(online);
    const sudo = caller.env.sudo();
    const [op] = await sudo.model('res.users').read([operator], ['partner_id', 'name']);
    const operatorPartner = (op.partner_id as [number, string])[0];
    let visitorName = caller.isPublic ? anonymousName.trim() || 'Visitor' : caller.user.name;
    if (caller.isPublic && countryId) {
      const [country] = await sudo.model('res.country').read([countryId], ['name']);
      if (country) visitorName = `${visitorName} (${String(country.name)})`;
    }
    const members = caller.isPublic ? [operatorPartner] : [operatorPartner, caller.user.partnerId];
    const id = await sudo.model('mail.channel').create({
      name: `${visitorName}, ${String(op.name)}`,
      channel_type: 'livechat',
      public: 'private',
      anonymous_name: visitorName,
      country_id: countryId ?? false,
      visitor_page: (page && sitePath(page)) || false,
      livechat_channel_id: livechatChannelId,
      livechat_operator_id: operatorPartner,
      channel_partner_ids: [[6, 0, [...new Set(members)]]],
    });
    const owned = caller.session.get<number[]>(OWNED_SESSIONS_KEY) ?? [];
    caller.session.set(OWNED_SESSIONS_KEY, [...owned.filter((x) => x !== id), id].slice(-MAX_OWNED));
    const info = await this.info(sudo, await this.row(id));
    await this.bus.send(partnerChannel(operatorPartner), { type: 'livechat.session', channel: info });
    return info;
  }

  /** The session named by `uuid` if the caller owns it (its browser session started it, or it is a member). */
  async owned(caller: ChatCaller, uuid: string): Promise<ChannelRow> {
    const row = await this.rowByUuid(uuid);
    if (!row || !(await this.mayAccess(caller.session, caller.isPublic ? null : caller.user.partnerId, row.id))) throw new AccessError(NOT_YOURS);
    return row;
  }

  async mayAccess(session: Session, partnerId: number | null, channelId: number): Promise<boolean> {
    if ((session.get<number[]>(OWNED_SESSIONS_KEY) ?? []).includes(channelId)) return true;
    if (partnerId === null) return false;
    return Boolean(await this.db('mail_channel_res_partner_rel').where({ channel_id: channelId, partner_id: partnerId }).first());
  }

  async rowByUuid(uuid: string): Promise<ChannelRow | undefined> {
    return this.db('mail_channel').where({ uuid, channel_type: 'livechat' }).first();
  }

  /** Channel ids of the open conversations a partner is a member of. */
  async memberOf(partnerId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db('mail_channel as c').join('mail_channel_res_partner_rel as m', 'm.channel_id', 'c.id')
      .where({ 'm.partner_id': partnerId, 'c.channel_type': 'livechat', 'c.state': 'open' }).select('c.id');
    return rows.map((r) => r.id);
  }

  /**
   * Operators and members of the conversations a browser session started or a partner is a member of
   * (open or closed): the people whose presence it may see.
   */
  async partnersSharingSessions(session: Session, partnerId: number | null): Promise<Set<number>> {
    const owned = (session.get<number[]>(OWNED_SESSIONS_KEY) ?? []).filter((id) => Number.isSafeInteger(id));
    const rows: Array<{ operator: number | null; member: number | null }> = await this.db('mail_channel as c')
      .leftJoin('mail_channel_res_partner_rel as m', 'm.channel_id', 'c.id')
      .where('c.channel_type', 'livechat')
      .andWhere((q) => {
        q.whereIn('c.id', owned);
        if (partnerId !== null) q.orWhereIn('c.id', this.db('mail_channel_res_partner_rel').where({ partner_id: partnerId }).select('channel_id'));
      })
      .select({ operator: 'c.livechat_operator_id', member: 'm.partner_id' });
    return new Set(rows.flatMap((r) => [r.operator, r.member]).filter((id): id is number => typeof id === 'number'));
  }

  async post(caller: ChatCaller, uuid: string, content: string): Promise<number> {
    const text = content.trim();
    if (!text) throw new ValidationError('The message is empty.');
    if (text.length > MAX_MESSAGE_LENGTH) throw new ValidationError(`The message is too long (at most ${MAX_MESSAGE_LENGTH} characters).`);
    const row = await this.owned(caller, uuid);
    if (row.state === 'closed') throw new ValidationError('This conversation is closed.');
    const sudo = caller.env.sudo();
    const isMember = !caller.isPublic && Boolean(await this.db('mail_channel_res_partner_rel').where({ channel_id: row.id, partner_id: caller.user.partnerId }).first());
    const now = nowUtc();
    const id = await sudo.model('mail.message').create({
      body: textToHtml(text), date: now, author_id: isMember ? caller.user.partnerId : false,
      message_type: 'comment', model: 'mail.channel', res_id: row.id, channel_id: row.id, website_published: false,
    });
    await this.db('mail_channel').where({ id: row.id }).update({ last_message_date: now });
    const [message] = await this.format(sudo, [id]);
    await this.bus.send(conversationChannel(row.id), { type: 'mail.message', message });
    return id;
  }

  async history(caller: ChatCaller, uuid: string, lastId: number | null, limit: number): Promise<FormattedMessage[]> {
    const row = await this.owned(caller, uuid);
    const sudo = caller.env.sudo();
    const ids = await sudo.model('mail.message').search([['channel_id', '=', row.id], ...(lastId ? [['id', '<', lastId]] : [])] as never, { order: 'id desc', limit: Math.min(limit, HISTORY_LIMIT) });
    return this.format(sudo, ids);
  }

  /** One rating per session: the first call creates it, later calls update it. Only the visitor rates. */
  async feedback(caller: ChatCaller, uuid: string, rate: number, reason: string | undefined): Promise<number> {
    const row = await this.owned(caller, uuid);
    if (row.livechat_operator_id && !caller.isPublic && caller.user.partnerId === row.livechat_operator_id) {
      throw new AccessError('The operator cannot rate the conversation.');
    }
    const sudo = caller.env.sudo();
    const ratings = sudo.model('rating.rating');
    const values = { rating: rate, feedback: reason?.trim() || false, consumed: true };
    const [existing] = await ratings.search([['res_model', '=', 'mail.channel'], ['res_id', '=', row.id]], { limit: 1, order: 'id' });
    let id = existing;
    if (existing) await ratings.write([existing], values);
    else {
      id = await ratings.create({
        ...values, res_model: 'mail.channel', res_id: row.id,
        rated_partner_id: row.livechat_operator_id ?? false, partner_id: caller.isPublic ? false : caller.user.partnerId,
      });
    }
    // The operator's console shows the rating on the conversation as it arrives (also once it ended).
    await this.bus.send(conversationChannel(row.id), { type: 'livechat.rating', rating: rate, feedback: values.feedback });
    return id;
  }

  /** What the visitor's window header shows: whether the conversation is open and its operator present. */
  async status(caller: ChatCaller, uuid: string): Promise<{ state: 'open' | 'closed'; operator_status: ImStatus }> {
    const row = await this.owned(caller, uuid);
    const operator = row.livechat_operator_id;
    const statuses = operator ? await this.presence.imStatus([operator]) : new Map<number, ImStatus>();
    return { state: row.state, operator_status: (operator && statuses.get(operator)) || 'offline' };
  }

  /** The visitor closed its window: the session is closed and its members told. */
  async leave(caller: ChatCaller, uuid: string): Promise<boolean> {
    const row = await this.owned(caller, uuid);
    if (row.state === 'closed') return false;
    await this.db('mail_channel').where({ id: row.id }).update({ state: 'closed', closed_by: 'visitor', write_date: nowUtc() });
    const info = await this.info(caller.env.sudo(), { ...row, state: 'closed' });
    await this.bus.send(conversationChannel(row.id), { type: 'livechat.closed', closed_by: 'visitor', channel: info });
    return true;
  }

  /**
   * The page the visitor is on (a path of this site), shown to the operator. Only the conversation's
   * own visitor tells it, and only while the conversation is open.
   */
  async visitorPage(caller: ChatCaller, uuid: string, page: string): Promise<boolean> {
    const row = await this.owned(caller, uuid);
    const path = sitePath(page);
    if (!path) throw new ValidationError('The page must be a path of this site.');
    if (row.state === 'closed') return false;
    // Each page the visitor opens reports itself: a reload of the same page changes nothing, tells nobody.
    const changed = await this.db('mail_channel').where({ id: row.id }).whereNot({ visitor_page: path }).orWhere((w) => w.where({ id: row.id }).whereNull('visitor_page')).update({ visitor_page: path });
    if (!changed) return true;
    await this.bus.send(conversationChannel(row.id), { type: 'livechat.visitor_page', channel_id: row.id, visitor_page: path });
    return true;
  }

  /** Open conversations an operator takes part in, newest first. */
  async operatorSessions(env: Env, partnerId: number): Promise<ChannelInfo[]> {
    const ids = await this.memberOf(partnerId);
    const out: ChannelInfo[] = [];
    for (const id of ids.sort((a, b) => b - a)) out.push(await this.info(env.sudo(), await this.row(id)));
    return out;
  }

  /** Deletes conversations nobody wrote in, an hour after they were opened. */
  async collectEmpty(): Promise<number> {
    const cutoff = utcText(Date.now() - 3600_000);
    return this.db('mail_channel').where({ channel_type: 'livechat' }).andWhere('create_date', '<', cutoff)
      .whereNotIn('id', this.envs.superuser().model('mail.message').subquery([['channel_id', '!=', false]], 'channel_id')).delete();
  }

  private async leastBusy(userIds: number[]): Promise<number> {
    const since = utcText(Date.now() - BUSY_WINDOW_SECONDS * 1000);
    const partners = await this.people.partnersOfUsers(this.db, userIds);
    const users = userIds.filter((id) => partners.has(id)).map((id) => ({ id, partner_id: partners.get(id)! }));
    const loads: Array<{ livechat_operator_id: number; n: number }> = await this.db('mail_channel')
      .where({ channel_type: 'livechat', state: 'open' })
      .whereIn('livechat_operator_id', users.map((u) => u.partner_id))
      .andWhere((q) => q.where('last_message_date', '>=', since).orWhere('create_date', '>=', since))
      .groupBy('livechat_operator_id').select('livechat_operator_id').count({ n: '*' });
    const load = new Map(loads.map((l) => [l.livechat_operator_id, Number(l.n)]));
    const scored = users.map((u) => ({ id: u.id, n: load.get(u.partner_id) ?? 0 }));
    const min = Math.min(...scored.map((s) => s.n));
    const idlest = scored.filter((s) => s.n === min);
    return idlest[Math.floor(Math.random() * idlest.length)].id;
  }

  private async row(id: number): Promise<ChannelRow> {
    return this.db('mail_channel').where({ id }).first();
  }

  async info(sudo: Env, row: ChannelRow): Promise<ChannelInfo> {
    const operator = row.livechat_operator_id ? await sudo.model('res.partner').name_get([row.livechat_operator_id]) : [];
    const country = row.country_id ? await sudo.model('res.country').read([row.country_id], ['name']) : [];
    return {
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      state: row.state,
      channel_type: 'livechat',
      is_minimized: false,
      public: 'private',
      operator_pid: (operator[0] as Many2one | undefined) ?? false,
      anonymous_name: row.anonymous_name || false,
      country: country[0] ? String(country[0].name) : false,
      livechat_channel_id: row.livechat_channel_id ?? false,
      message_unread_counter: 0,
    };
  }

  async format(sudo: Env, ids: number[]): Promise<FormattedMessage[]> {
    if (ids.length === 0) return [];
    const rows = await sudo.model('mail.message').read(ids, ['body', 'subject', 'date', 'author_id', 'message_type', 'model', 'res_id', 'channel_id']);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.filter((id) => byId.has(id)).map((id) => {
      const r = byId.get(id)!;
      return {
        id,
        attachment_ids: [],
        author_id: (r.author_id as Many2one) || false,
        body: String(r.body ?? ''),
        date: String(r.date),
        is_note: false,
        message_type: String(r.message_type),
        model: String(r.model),
        res_id: Number(r.res_id),
        subject: r.subject ? String(r.subject) : false,
        channel_ids: [Number(r.res_id)],
      };
    });
  }
}

export const MAX_PAGE_LENGTH = 512;

/** A path of this site (`/shop?page=2`), or null: no scheme, no host, no control characters. */
export function sitePath(page: string): string | null {
  const path = page.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.length > MAX_PAGE_LENGTH) return null;
  return /[\u0000-\u001f\u007f]/.test(path) ? null : path;
}
