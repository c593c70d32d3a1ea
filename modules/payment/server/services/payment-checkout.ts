import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { LoggerToken, UserError } from '@platform/core';
import type { Env } from '@platform/orm';
import { TRANSACTION_MODEL } from '../models/payment-transaction';
import type { AcquirerInfo, TransactionInfo } from './payment-provider';
import { PaymentCatalog, type CurrencyInfo } from './payment-catalog';
import { PaymentLinks } from './payment-links';
import { PaymentTokens } from './payment-tokens';
import { PaymentTransactions, PROCESSING } from './payment-transactions';

/** Who pays, where. */
export interface Payer {
  env: Env;
  siteId: number | null;
  /** The signed-in user's partner; null for a visitor. */
  partnerId: number | null;
}

export interface PayLink {
  reference: string;
  amount: number;
  currency_id: number;
  access_token: string;
}

export interface PayResult {
  tx: TransactionInfo;
  /** The provider refused the data before processing: the fields and their messages (nothing changed). */
  fieldErrors?: Record<string, string>;
  /** The payment failed (declined, processor error): the message shown before 'Retry ? '. */
  error?: string;
  /** A redirect flow: the processor's page where the payer goes now. */
  redirectUrl?: string;
}

export const LINK_MISMATCH = 'This payment link is not valid: its amount, currency or reference was changed.';
export const ALREADY_PAID = 'This reference has already been paid.';

/**
 * The payer's side: a payment link checked against its signature (amount and currency as the server
 * signed them), a transaction started for it, then paid through its provider with the posted data or a
 * saved card of the payer's own.
 */
@injectable()
export class PaymentCheckout {
  constructor(
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
    @inject(PaymentTransactions) private readonly transactions: PaymentTransactions,
    @inject(PaymentLinks) private readonly links: PaymentLinks,
    @inject(PaymentTokens) private readonly tokens: PaymentTokens,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** The link's currency once its signature holds; a UserError (nothing written) otherwise. */
  async checkLink(env: Env, link: PayLink): Promise<CurrencyInfo> {
    const currency = await this.catalog.currency(env, link.currency_id);
    if (!currency || !(await this.links.verifyLink(link.reference, link.amount, link.currency_id, currency.decimals, link.access_token))) {
      throw new UserError(LINK_MISMATCH);
    }
    return currency;
  }

  /** Whether a transaction of this link's reference is already done, authorized or pending. */
  async alreadyPaid(env: Env, reference: string): Promise<boolean> {
    const base = reference.trim();
    return (await env.sudo().model(TRANSACTION_MODEL).search_count(['&', '|', ['reference', '=', base], ['reference', '=like', `${base}x%`],
      ['state', 'in', ['pending', 'authorized', 'done']]])) > 0;
  }

  /** A draft transaction for a checked link, with an acquirer offered on the payer's site. */
  async start(payer: Payer, link: PayLink, acquirerId: number, opts: { tokenId?: number; type?: 'form' | 'form_save' | 'server2server' } = {}): Promise<{ tx: TransactionInfo; acquirer: AcquirerInfo }> {
    await this.checkLink(payer.env, link);
    const acquirer = await this.catalog.offeredAcquirer(payer.env, payer.siteId, acquirerId);
    if (!acquirer) throw new UserError('This payment method is not available.');
    if (await this.alreadyPaid(payer.env, link.reference)) throw new UserError(ALREADY_PAID);
    const tx = await this.transactions.create(payer.env, {
      reference: link.reference, amount: link.amount, currencyId: link.currency_id, acquirerId, partnerId: payer.partnerId,
      siteId: payer.siteId, tokenId: opts.tokenId ?? null, type: opts.type,
    });
    return { tx, acquirer };
  }

  /**
   * Pays a draft transaction with what its form posted. A card is saved for a signed-in payer when the
   * acquirer always saves them, or asks and `save_card` was ticked. `known`: the transaction and its
   * acquirer as this request just made and read them.
   */
  async pay(payer: Payer, txId: number, data: Record<string, unknown>, known?: { tx: TransactionInfo; acquirer: AcquirerInfo }): Promise<PayResult> {
    // A transaction this request just started is not read again (the claim below still takes it only if it is an unclaimed draft).
    const fresh = known && known.tx.id === txId && known.acquirer.id === known.tx.acquirerId ? known : null;
    const tx = fresh?.tx ?? await this.transactions.info(payer.env, txId);
    if (tx.state !== 'draft') throw new UserError('This transaction was already processed.');
    const acquirer = fresh?.acquirer ?? await this.catalog.acquirer(payer.env, tx.acquirerId);
    const provider = acquirer && this.catalog.provider(acquirer.provider);
    if (!acquirer || !provider) throw new UserError('This payment method is not available.');
    // A transaction this request wrote already claimed (`NewTransaction.claimed`) is not claimed again.
    if (!(fresh && fresh.tx.acquirerReference === PROCESSING)) await this.claim(payer.env, txId);
    const claimed: TransactionInfo = { ...tx, acquirerReference: PROCESSING };
    // The provider sees the transaction as it was before the claim (no reference of its own yet).
    const outcome = await provider.process(tx.acquirerReference === PROCESSING ? { ...tx, acquirerReference: '' } : tx, acquirer, data).catch(async (err: unknown) => {
      await this.release(payer.env, txId);
      throw err;
    });
    if (outcome.fieldErrors) {
      await this.release(payer.env, txId);
      return { tx, fieldErrors: outcome.fieldErrors };
    }
    let after = await this.transactions.apply(payer.env, txId, outcome, claimed);
    // The mark is left only when the provider named no reference (a named one replaced it: nothing to release).
    if (after.acquirerReference === PROCESSING) await this.release(payer.env, txId, true);
    const wantsToken = acquirer.saveToken === 'always' || (acquirer.saveToken === 'ask' && Boolean(data.save_card));
    if (wantsToken && payer.partnerId && provider.createToken && (after.state === 'done' || after.state === 'authorized' || after.state === 'pending')) {
      const made = await this.tokens.create(payer.env, payer.partnerId, acquirer, data);
      if ('id' in made) {
        await payer.env.sudo().model(TRANSACTION_MODEL).write([txId], { payment_token_id: made.id, type: 'form_save' });
        after = await this.transactions.info(payer.env, txId);
      }
    }
    if (after.state === 'error' || after.state === 'cancel') return { tx: after, error: after.stateMessage || 'The payment failed.' };
    return outcome.redirectUrl && /^https?:\/\//i.test(outcome.redirectUrl) ? { tx: after, redirectUrl: outcome.redirectUrl } : { tx: after };
  }

  /** Pays a draft transaction with a saved card, which must be the payer's own. */
  async payWithToken(payer: Payer, txId: number, tokenId: number): Promise<PayResult> {
    if (!payer.partnerId) throw new UserError('Sign in to pay with a saved card.');
    const token = await this.tokens.owned(payer.env, payer.partnerId, tokenId);
    const tx = await this.transactions.info(payer.env, txId);
    if (tx.state !== 'draft') throw new UserError('This transaction was already processed.');
    if (tx.partnerId !== payer.partnerId) throw new UserError('This transaction is not yours.');
    if (token.acquirerId !== tx.acquirerId) throw new UserError('This saved card belongs to another payment method.');
    const acquirer = await this.catalog.acquirer(payer.env, tx.acquirerId);
    const provider = acquirer && this.catalog.provider(acquirer.provider);
    if (!acquirer || !provider?.payWithToken) throw new UserError('This payment method cannot use saved cards.');
    await this.claim(payer.env, txId);
    await payer.env.sudo().model(TRANSACTION_MODEL).write([txId], { payment_token_id: tokenId, type: 'server2server' });
    const outcome = await provider.payWithToken(tx, acquirer, token).catch(async (err: unknown) => {
      await this.release(payer.env, txId);
      throw err;
    });
    const after = await this.transactions.apply(payer.env, txId, outcome);
    await this.release(payer.env, txId, true);
    return after.state === 'error' || after.state === 'cancel'
      ? { tx: after, error: `Payment transaction failed (${after.stateMessage || after.state})` } : { tx: after };
  }

  /**
   * Takes a draft transaction for one payment attempt (one conditional update of its own table), so two
   * posts of one transaction (a double click, a replay) cannot both reach the processor.
   */
  private async claim(env: Env, txId: number): Promise<void> {
    const taken = await env.db('payment_transaction').where({ id: txId, state: 'draft' }).whereNull('acquirer_reference').update({ acquirer_reference: PROCESSING });
    if (!taken) throw new UserError('This transaction was already processed.');
  }

  /**
   * Ends a claim: a draft transaction goes back (nothing reached the processor: refused fields), or,
   * `processed`, the mark leaves whatever state the answer gave when the provider named no reference.
   */
  private async release(env: Env, txId: number, processed = false): Promise<void> {
    const q = env.db('payment_transaction').where({ id: txId, acquirer_reference: PROCESSING });
    await (processed ? q : q.where({ state: 'draft' })).update({ acquirer_reference: null });
  }

  /**
   * A processor's notification: its signature checked by the provider, the transaction found by its
   * exact reference, the amount and currency compared; then the state applied (a repeat changes nothing).
   */
  async notify(env: Env, providerCode: string, body: Record<string, unknown>, header: (name: string) => string): Promise<'applied' | 'unchanged'> {
    const provider = this.catalog.provider(providerCode);
    const notification = provider?.verifyNotification ? await provider.verifyNotification(body, header) : null;
    if (!notification) throw new UserError('This notification is not signed by the provider.');
    const tx = await this.transactions.findByReference(env, notification.reference);
    if (!tx || tx.provider !== providerCode) throw new UserError('No transaction has this reference.');
    if (tx.amount.toFixed(tx.currency.decimals) !== notification.amount.toFixed(tx.currency.decimals) || tx.currency.name !== notification.currency) {
      this.logger.warn({ tx: tx.id, reference: tx.reference }, 'payment: notification amount or currency mismatch');
      throw new UserError('The notification\'s amount or currency does not match the transaction.');
    }
    const changed = await this.transactions.setState(env, tx.id, notification.state, { acquirerReference: notification.acquirerReference, message: notification.message });
    return changed ? 'applied' : 'unchanged';
  }
}
