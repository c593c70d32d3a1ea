import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { injectContributions, LoggerToken, UserError, type ContributionProvider } from '@platform/core';
import { escapeHtml, utcText } from '@platform/common';
import { People, type PartnerAddress } from '@platform/base';
import type { Knex } from 'knex';
import { isUniqueViolation } from '@platform/db';
import { nowUtc, type Env } from '@platform/orm';
import { TRANSACTION_MODEL, type TransactionState } from '../models/payment-transaction';
import { TransactionStateHook, type AcquirerInfo, type ProviderOutcome, type TransactionInfo } from './payment-provider';
import { PaymentCatalog } from './payment-catalog';
import { roundAmount, text } from './record-values';

/** From each state, where a transaction may go (the same state again is a no-op: idempotent). */
const NEXT: Record<TransactionState, TransactionState[]> = {
  draft: ['pending', 'authorized', 'done', 'error', 'cancel'],
  pending: ['authorized', 'done', 'error', 'cancel'],
  authorized: ['done', 'error', 'cancel'],
  done: [],
  error: [],
  cancel: [],
};

/** The longest reference a transaction keeps (the column), suffix included. */
export const REFERENCE_MAX = 64;

export interface NewTransaction {
  reference: string;
  amount: number;
  currencyId: number;
  acquirerId: number;
  partnerId: number | null;
  siteId: number | null;
  type?: 'form' | 'form_save' | 'server2server';
  tokenId?: number | null;
  /** The acquirer as the caller just read it (offered on the site): not read again. */
  acquirer?: AcquirerInfo;
  /**
   * Written already taken for a payment attempt (`PaymentCheckout.pay` then claims nothing): for a
   * caller that pays it in the same request.
   */
  claimed?: boolean;
  /** The payer's details (those of `partnerId`) as the caller just read them: copied without reading them again. */
  payer?: Pick<PartnerAddress, 'id' | 'name' | 'email' | 'lang' | 'street' | 'zip' | 'city' | 'countryId' | 'phone'>;
}

/** The provider reference of a draft transaction while one attempt is being processed. */
export const PROCESSING = 'processing';
/** Attempts at a unique reference when another payment of the same order took the one found. */
const REFERENCE_ATTEMPTS = 5;

export interface StatusAnswer {
  state: TransactionState;
  /** The browser asks again while this is true (pending). */
  recall: boolean;
  /** Panel style: info (pending, draft), success (done, authorized), danger (else). */
  tone: 'info' | 'success' | 'danger';
  /** HTML: the acquirer's message for the state (sanitised when written) and the provider's words (escaped). */
  message: string;
}

const TX_COLUMNS = ['id', 'reference', 'amount', 'currency_id', 'state', 'provider', 'acquirer_id', 'acquirer_reference', 'state_message', 'partner_id', 'create_date', 'card_brand', 'card_last4'];

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A row of `info`'s query as the face gives it (an inactive currency reads as none, as `PaymentCatalog.currency`). */
function txInfo(r: Record<string, unknown>): TransactionInfo {
  const active = r.currency_active === true || r.currency_active === 1;
  const created = r.create_date instanceof Date ? utcText(r.create_date) : str(r.create_date).replace('T', ' ').slice(0, 19);
  return {
    id: Number(r.id), reference: str(r.reference), amount: Number(r.amount),
    currency: active ? { id: Number(r.currency_id), name: str(r.currency_name), decimals: Number(r.currency_decimals) } : { id: 0, name: '', decimals: 2 },
    state: r.state as TransactionState, provider: str(r.provider), acquirerId: r.acquirer_id ? Number(r.acquirer_id) : 0,
    acquirerReference: str(r.acquirer_reference), stateMessage: str(r.state_message), partnerId: r.partner_id ? Number(r.partner_id) : null,
    createDate: created, cardBrand: str(r.card_brand), cardLast4: str(r.card_last4),
  };
}

/**
 * The only writer of payment transactions: creation (reference made unique, payer's details copied),
 * state changes (allowed moves only, once: a repeated change or notification changes nothing, and the
 * state hooks run once per change), and what a provider answers.
 */
@injectable()
export class PaymentTransactions {
  constructor(
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
    @injectContributions(TransactionStateHook) private readonly hooks: ContributionProvider<TransactionStateHook>,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(People) private readonly people: People,
  ) {}

  /** `ref`, else `refx1`, `refx2`... : the first that no transaction uses. */
  async nextReference(env: Env, base: string): Promise<string> {
    const model = env.sudo().model(TRANSACTION_MODEL);
    const taken = new Set((await model.search_read(['|', ['reference', '=', base], ['reference', '=like', `${base}x%`]], ['reference'], { limit: 10_000 })).map((r) => text(r, 'reference')));
    if (!taken.has(base)) return base;
    for (let i = 1; ; i += 1) if (!taken.has(`${base}x${i}`)) return `${base}x${i}`;
  }

  /** A draft transaction; the amount is rounded to the currency and must be positive. */
  async create(env: Env, input: NewTransaction): Promise<TransactionInfo> {
    const currency = await this.catalog.currency(env, input.currencyId);
    if (!currency) throw new UserError('This currency is not available.');
    const acquirer = input.acquirer?.id === input.acquirerId ? input.acquirer : await this.catalog.acquirer(env, input.acquirerId);
    if (!acquirer || !this.catalog.provider(acquirer.provider)) throw new UserError('This payment method is not available.');
    const amount = roundAmount(input.amount, currency.decimals);
    if (!(amount > 0)) throw new UserError('The amount to pay must be positive.');
    const base = input.reference.trim();
    if (!base || base.length > REFERENCE_MAX - 6) throw new UserError(`A payment reference has 1 to ${REFERENCE_MAX - 6} characters.`);
    const sudo = env.sudo();
    // The payer's details copied as they are now, in one read through base's face (not its tables).
    const partner = !input.partnerId ? null
      : input.payer?.id === input.partnerId ? input.payer : await this.people.partnerAddress(sudo.db, input.partnerId, sudo.lang);
    // No database transaction around the read and the insert: the reference's unique index is the
    // judge, and a reference already taken (an earlier payment of the same order, or one racing this
    // one) makes this one look for the next free one.
    for (let attempt = 1; ; attempt++) {
      // The first try takes the base itself (an order's first payment: nothing to look up); a taken one sends it to look.
      const reference = attempt === 1 ? base : await this.nextReference(sudo, base);
      const createDate = utcText();
      let id: number;
      try {
        // One statement on the module's own table (the ORM's create adds a transaction around it): every
        // value is the server's own, checked above, each text cut to its column.
        const cut = (v: string | null | undefined, size: number) => (v ? v.slice(0, size) : null);
        const [row] = await sudo.db('payment_transaction').insert({
          reference, acquirer_reference: input.claimed ? PROCESSING : null,
          acquirer_id: acquirer.id, provider: acquirer.provider, amount, currency_id: currency.id, state: 'draft', type: input.type ?? 'form',
          partner_id: input.partnerId ?? null, website_id: input.siteId ?? null, payment_token_id: input.tokenId ?? null,
          partner_name: partner ? cut(partner.name, 256) : null, partner_email: cut(partner?.email, 256),
          partner_lang: cut(partner?.lang, 16), partner_address: cut(partner?.street, 256),
          partner_zip: cut(partner?.zip, 24), partner_city: cut(partner?.city, 128),
          partner_country_id: partner?.countryId ?? null, partner_phone: cut(partner?.phone, 64),
          create_uid: sudo.uid, write_uid: sudo.uid, create_date: createDate, write_date: createDate,
        }).returning('id');
        id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
      } catch (err) {
        if (isUniqueViolation(err) && attempt < REFERENCE_ATTEMPTS) continue;
        throw err;
      }
      // What was just written, as `info` would read it.
      return {
        id, reference, amount, currency: { id: currency.id, name: currency.name, decimals: currency.decimals }, state: 'draft' as const,
        provider: acquirer.provider, acquirerId: acquirer.id, acquirerReference: input.claimed ? PROCESSING : '', stateMessage: '', partnerId: input.partnerId ?? null,
        createDate, cardBrand: '', cardLast4: '',
      };
    }
  }

  /**
   * One query (the transaction and its currency joined): the checkout reads a transaction at each step,
   * and the ORM's read would add a name lookup per many2one and a currency read (5 queries).
   */
  async info(env: Env, id: number): Promise<TransactionInfo> {
    const r = await env.sudo().db('payment_transaction as t').leftJoin('res_currency as c', 'c.id', 't.currency_id')
      .where('t.id', id).first(...TX_COLUMNS.map((f) => `t.${f}`), 'c.name as currency_name', 'c.decimal_places as currency_decimals', 'c.active as currency_active');
    if (!r) throw new UserError('This transaction does not exist.');
    return txInfo(r);
  }

  /**
   * Adds to a caller's query the transaction whose id is in `onColumn` (left joined, with its currency),
   * its columns prefixed `tx_`: what `info` reads, in the caller's own statement. Read the row with `fromJoined`.
   */
  joinInfo(query: Knex.QueryBuilder, onColumn: string): Knex.QueryBuilder {
    return query.leftJoin('payment_transaction as ptx', 'ptx.id', onColumn).leftJoin('res_currency as ptc', 'ptc.id', 'ptx.currency_id')
      .select(...TX_COLUMNS.map((f) => `ptx.${f} as tx_${f}`), 'ptc.name as tx_currency_name', 'ptc.decimal_places as tx_currency_decimals', 'ptc.active as tx_currency_active');
  }

  /** The transaction of a row that `joinInfo` made, or null when there was none. */
  fromJoined(row: Record<string, unknown>): TransactionInfo | null {
    if (row.tx_id == null) return null;
    return txInfo(Object.fromEntries(Object.entries(row).filter(([k]) => k.startsWith('tx_')).map(([k, v]) => [k.slice(3), v])));
  }

  async findByReference(env: Env, reference: string): Promise<TransactionInfo | null> {
    const [id] = await env.sudo().model(TRANSACTION_MODEL).search([['reference', '=', reference]], { limit: 1 });
    return id ? this.info(env, id) : null;
  }

  /**
   * Moves a transaction to `state` if that move is allowed; false when it changed nothing (same state
   * again, or a move out of a final state). The hooks run in the same database transaction.
   */
  async setState(env: Env, id: number, state: TransactionState, details: Omit<ProviderOutcome, 'state'> = {}): Promise<boolean> {
    return (await this.move(env, id, state, details)) !== null;
  }

  /** `setState`, answering the transaction after the move, or null when nothing changed. */
  private async move(env: Env, id: number, state: TransactionState, details: Omit<ProviderOutcome, 'state'>, known?: TransactionInfo): Promise<TransactionInfo | null> {
    const vals: Record<string, unknown> = { state };
    if (details.message !== undefined) vals.state_message = details.message || null;
    if (details.acquirerReference) vals.acquirer_reference = details.acquirerReference;
    if (details.card) Object.assign(vals, { card_brand: details.card.brand, card_last4: details.card.last4.slice(-4) });
    if (state === 'done' || state === 'authorized') vals.date_validate = utcText();
    return env.sudo().transaction(async (sudo) => {
      // The row moves only from the state it was read in: the caller's (`known`, not read again) when
      // it still is that, else as read now.
      const write = (from: TransactionState) => sudo.db('payment_transaction').where({ id, state: from }).update({ ...vals, write_uid: sudo.uid, write_date: nowUtc() });
      let before = known?.id === id && NEXT[known.state].includes(state) && (await write(known.state)) === 1 ? known : null;
      if (!before) {
        const current = await this.info(sudo, id);
        if (current.state === state || !NEXT[current.state].includes(state)) {
          if (current.state !== state) this.logger.warn({ tx: id, from: current.state, to: state }, 'payment: state change refused');
          return null;
        }
        if ((await write(current.state)) !== 1) throw new UserError('This transaction changed meanwhile.');
        before = current;
      }
      // What was written, over what was read: no second read of the same row.
      const after: TransactionInfo = {
        ...before, state,
        ...(vals.state_message !== undefined ? { stateMessage: str(vals.state_message) } : {}),
        ...(vals.acquirer_reference ? { acquirerReference: str(vals.acquirer_reference) } : {}),
        ...(details.card ? { cardBrand: str(vals.card_brand), cardLast4: str(vals.card_last4) } : {}),
      };
      for (const hook of this.hooks.getContributions()) await hook.transactionStateChanged(sudo, after, before.state);
      this.logger.info({ tx: id, reference: after.reference, from: before.state, to: state }, 'payment: transaction state');
      return after;
    });
  }

  /**
   * Applies what a provider answered (a refusal of the data leaves the transaction as it was).
   * `known`: the transaction as the caller holds it (claimed by it), used while it is still in that state.
   */
  async apply(env: Env, id: number, outcome: ProviderOutcome, known?: TransactionInfo): Promise<TransactionInfo> {
    const moved = outcome.state !== 'draft' && !outcome.fieldErrors ? await this.move(env, id, outcome.state, outcome, known) : null;
    return moved ?? this.info(env, id);
  }

  /** Where a transaction stands, for its status page: a pending one is asked to its provider first. */
  async status(env: Env, id: number, known?: TransactionInfo | null): Promise<StatusAnswer> {
    // The transaction as the caller just read it (`joinInfo`), else read here.
    let tx = known?.id === id ? known : await this.info(env, id);
    const acquirer = await this.catalog.acquirer(env, tx.acquirerId);
    const provider = this.catalog.provider(tx.provider);
    if (tx.state === 'pending' && acquirer && provider?.refresh) {
      const outcome = await provider.refresh(tx, acquirer);
      if (outcome) tx = await this.apply(env, id, outcome);
    }
    return statusAnswer(tx, acquirer);
  }

  /**
   * A payment manager's action on an authorized transaction, through its provider: `capture` (the money
   * is taken: done) or `void` (the authorization is released: cancel).
   */
  async settle(env: Env, id: number, action: 'capture' | 'void'): Promise<TransactionInfo> {
    if (!env.hasGroup('payment.group_payment_manager') && !env.hasGroup('base.group_system')) throw new UserError('Only payment managers capture or void payments.');
    const tx = await this.info(env, id);
    if (tx.state !== 'authorized') throw new UserError(`Only an authorized payment can be ${action === 'capture' ? 'captured' : 'voided'}: this one is ${tx.state}.`);
    const acquirer = await this.catalog.acquirer(env, tx.acquirerId);
    const provider = this.catalog.provider(tx.provider);
    const call = provider?.[action];
    if (!acquirer || !provider || !call) throw new UserError(`This provider cannot ${action} payments.`);
    return this.apply(env, id, await call.call(provider, tx, acquirer));
  }

  /** An administrator confirms a wire transfer received on the bank account: pending -> done. */
  async confirmTransfer(env: Env, id: number): Promise<TransactionInfo> {
    if (!env.hasGroup('payment.group_payment_manager') && !env.hasGroup('base.group_system')) throw new UserError('Only payment managers confirm transfers.');
    const tx = await this.info(env, id);
    if (tx.provider !== 'transfer') throw new UserError('Only wire transfers are confirmed by hand.');
    if (tx.state !== 'pending' && tx.state !== 'done') throw new UserError(`This transfer cannot be confirmed: it is ${tx.state}.`);
    await this.setState(env, id, 'done', { message: '' });
    return this.info(env, id);
  }
}

/** The words of the status panel for a transaction (the reference platform's texts and messages). */
export function statusAnswer(tx: TransactionInfo, acquirer: AcquirerInfo | null): StatusAnswer {
  const extra = tx.stateMessage ? `<p>${escapeHtml(tx.stateMessage)}</p>` : '';
  switch (tx.state) {
    case 'pending': {
      const manual = tx.provider === 'transfer' ? '<p>Your transaction is waiting a manual confirmation.</p>' : '';
      return { state: tx.state, recall: true, tone: 'info', message: `<p>${acquirer?.pendingMsg ?? ''}</p>${manual}${acquirer?.postMsg ?? ''}` };
    }
    case 'done':
      return { state: tx.state, recall: false, tone: 'success', message: `<p>${acquirer?.doneMsg ?? 'Your payment has been received.'}</p>` };
    case 'authorized':
      return { state: tx.state, recall: false, tone: 'success', message: '<p>Your payment has been authorized.</p>' };
    case 'cancel':
      return { state: tx.state, recall: false, tone: 'danger', message: `<p>${acquirer?.cancelMsg ?? 'The payment seems to have been canceled.'}</p>${extra}` };
    case 'error':
      return { state: tx.state, recall: false, tone: 'danger', message: `<p>${acquirer?.errorMsg ?? ''}</p>${extra}` };
    default:
      return { state: tx.state, recall: false, tone: 'info', message: '<p>Your transaction is waiting confirmation.</p>' };
  }
}
