import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ConfigParameters } from '@platform/base';
import { escapeHtml } from '@platform/common';
import { DatabaseToken, LoggerToken } from '@platform/core';
import { MailQueues, type QueueRow, type QueuedMailSender } from '@platform/mail';
import { EnvFactory, type Env } from '@platform/orm';
import { MY_ORDERS_URL } from '../../common/checkout-schemas';
import { formatMoney } from '../../common/shop-schemas';

const TABLE = 'sale_order_mail';

/**
 * Order confirmation mails: a queue row written in the transaction that confirms the order (so a
 * confirmed order always has its mail, and a rolled-back one none), then sent through the mail
 * transport with a lease (a crash neither loses nor doubles a mail; 4xx replies are retried).
 */
@injectable()
export class OrderMails {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
    @inject(LoggerToken) private readonly logger: Logger,
    @inject(EnvFactory) private readonly envs: EnvFactory,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'sale: order mails', compose: (row) => this.compose(row) });
  }

  /**
   * Queues the confirmation mail of an order whose customer has an address and whose site a base URL;
   * `known`: those two as the caller just read them.
   */
  async queue(env: Env, orderId: number, known?: { email: string; baseUrl: string }): Promise<boolean> {
    let to = known;
    if (!to) {
      const row = await env.db('sale_order').where({ id: orderId }).first('partner_id', 'mail_base_url');
      // The customer through base's model (its face), not its table.
      const [partner] = row?.partner_id ? await env.sudo().model('res.partner').read([Number(row.partner_id)], ['email']) : [];
      to = row ? { email: partner?.email ? String(partner.email) : '', baseUrl: row.mail_base_url ? String(row.mail_base_url) : '' } : undefined;
    }
    if (!to?.email) return false;
    if (!to.baseUrl) this.logger.warn({ order: orderId }, 'sale: no base URL for the order mail: its link is relative');
    await env.db(TABLE).insert({ order_id: orderId, email: to.email.slice(0, 254), base_url: to.baseUrl.slice(0, 512), state: 'pending', attempts: 0, next_attempt_at: 0 });
    return true;
  }

  /** Sends what is queued once the confirming transaction has committed. */
  kickSoon(): void {
    this.sender.kickSoon();
  }

  kick(): Promise<void> {
    return this.sender.kick();
  }

  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  /** The mail of a queued row: the order's lines and totals, in the order's currency. */
  async compose(row: QueueRow) {
    const orderId = Number(row.order_id);
    const order = await this.db('sale_order as o').leftJoin('delivery_carrier as d', 'd.id', 'o.carrier_id').where('o.id', orderId)
      .first('o.name', 'o.amount_total', 'o.amount_delivery', 'o.partner_id', 'o.currency_id', 'd.name as carrier');
    const env = this.envs.superuser();
    const [partner] = await env.model('res.partner').read([Number(order.partner_id)], ['name']);
    const [currency] = await env.model('res.currency').read([Number(order.currency_id)], ['symbol', 'decimal_places']);
    Object.assign(order, { partner: partner?.name ?? '', symbol: currency?.symbol ?? '', decimal_places: currency?.decimal_places ?? 2 });
    const lines = await this.db('sale_order_line').where({ order_id: orderId }).orderBy('id').select('name', 'product_uom_qty', 'price_unit', 'price_subtotal');
    const money = (v: unknown) => formatMoney(Number(v), { symbol: String(order.symbol), decimals: Number(order.decimal_places) });
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    const url = `${String(row.base_url)}${MY_ORDERS_URL}/${orderId}`;
    const name = String(order.name);
    const textLines = lines.map((l) => `- ${String(l.name)}: ${Number(l.product_uom_qty)} x ${money(l.price_unit)} = ${money(l.price_subtotal)}`);
    const htmlLines = lines.map((l) => `<tr><td>${escapeHtml(String(l.name))}</td><td style="text-align:right">${Number(l.product_uom_qty)}</td><td style="text-align:right">${escapeHtml(money(l.price_unit))}</td><td style="text-align:right">${escapeHtml(money(l.price_subtotal))}</td></tr>`);
    const shipping = order.carrier ? `${String(order.carrier)}: ${money(order.amount_delivery)}` : '';
    return {
      from, to: String(row.email), subject: `Your order ${name} is confirmed`, messageId: `<sale-order-${orderId}-${row.id}@site>`,
      text: [`Hello ${String(order.partner)},`, '', `Thank you for your order ${name}. We confirm it:`, '', ...textLines, ...(shipping ? [`Shipping: ${shipping}`] : []),
        `Total: ${money(order.amount_total)}`, '', `Your order: ${url}`, ''].join('\n'),
      html: `<p>Hello ${escapeHtml(String(order.partner))},</p><p>Thank you for your order <strong>${escapeHtml(name)}</strong>. We confirm it:</p>`
        + `<table cellpadding="4" style="border-collapse:collapse"><thead><tr><th align="left">Product</th><th>Quantity</th><th>Unit price</th><th>Subtotal</th></tr></thead><tbody>${htmlLines.join('')}</tbody></table>`
        + (shipping ? `<p>Shipping: ${escapeHtml(shipping)}</p>` : '')
        + `<p><strong>Total: ${escapeHtml(money(order.amount_total))}</strong></p><p><a href="${escapeHtml(url)}">See your order</a></p>`,
    };
  }
}
