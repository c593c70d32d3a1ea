import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { Env } from '@platform/orm';
import { TOKEN_MODEL } from '../models/payment-token';
import type { AcquirerInfo, TokenData } from './payment-provider';
import { PaymentCatalog } from './payment-catalog';
import { m2oId, text } from './record-values';

export interface SavedCard {
  id: number;
  name: string;
  brand: string;
  last4: string;
  holderName: string;
  expiry: string;
  acquirerId: number;
  acquirerName: string;
}

/**
 * Saved cards. Listed with the caller's rights (the record rule shows each user their own only); used
 * and deleted only by their owner: `owned` reads as the superuser and compares the partner itself, so
 * a token of someone else is "not found" whatever the caller's groups.
 */
@injectable()
export class PaymentTokens {
  constructor(@inject(PaymentCatalog) private readonly catalog: PaymentCatalog) {}

  async list(env: Env, partnerId: number): Promise<SavedCard[]> {
    const rows = await env.sudo().model(TOKEN_MODEL).search_read([['partner_id', '=', partnerId], ['active', '=', true]],
      ['name', 'brand', 'last4', 'holder_name', 'expiry', 'acquirer_id'], { limit: 100 });
    return rows.map((r) => ({
      id: Number(r.id), name: text(r, 'name'), brand: text(r, 'brand'), last4: text(r, 'last4'), holderName: text(r, 'holder_name'),
      expiry: text(r, 'expiry'), acquirerId: m2oId(r.acquirer_id) ?? 0, acquirerName: Array.isArray(r.acquirer_id) ? String(r.acquirer_id[1]) : '',
    }));
  }

  /** The caller's token with its provider reference, or a UserError as if it did not exist. */
  async owned(env: Env, partnerId: number, tokenId: number): Promise<SavedCard & { acquirerRef: string }> {
    const [row] = await env.sudo().model(TOKEN_MODEL).search_read([['id', '=', tokenId], ['partner_id', '=', partnerId], ['active', '=', true]],
      ['name', 'brand', 'last4', 'holder_name', 'expiry', 'acquirer_id', 'acquirer_ref'], { limit: 1 });
    if (!row) throw new UserError('This saved card does not exist.');
    return {
      id: tokenId, name: text(row, 'name'), brand: text(row, 'brand'), last4: text(row, 'last4'), holderName: text(row, 'holder_name'),
      expiry: text(row, 'expiry'), acquirerId: m2oId(row.acquirer_id) ?? 0, acquirerName: '', acquirerRef: text(row, 'acquirer_ref'),
    };
  }

  async save(env: Env, partnerId: number, acquirer: AcquirerInfo, token: TokenData): Promise<number> {
    return env.sudo().model(TOKEN_MODEL).create({
      name: `${'X'.repeat(12)}${token.last4}${token.holderName ? ` - ${token.holderName}` : ''}`.slice(0, 256),
      partner_id: partnerId, acquirer_id: acquirer.id, acquirer_ref: token.acquirerRef, brand: token.brand, last4: token.last4,
      holder_name: token.holderName || false, expiry: token.expiry || false,
    });
  }

  /** Creates a token through the acquirer's provider from a card form. */
  async create(env: Env, partnerId: number, acquirer: AcquirerInfo, data: Record<string, unknown>): Promise<{ id: number; name: string } | { fieldErrors: Record<string, string> }> {
    const provider = this.catalog.provider(acquirer.provider);
    if (!provider?.createToken) throw new UserError('This payment method cannot save cards.');
    const made = await provider.createToken(acquirer, data);
    if ('fieldErrors' in made) return made;
    const id = await this.save(env, partnerId, acquirer, made.token);
    return { id, name: `${'*'.repeat(4)}${made.token.last4}` };
  }

  /** Archives the caller's token (transactions paid with it keep their link). */
  async remove(env: Env, partnerId: number, tokenId: number): Promise<void> {
    await this.owned(env, partnerId, tokenId);
    await env.sudo().model(TOKEN_MODEL).write([tokenId], { active: false });
  }
}
