import { Writable } from 'node:stream';
import pino from 'pino';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { CURRENCY_MODEL, PaymentLinks } from '../index';
import { TestProviderSettings } from '../server/providers/test-provider';

export const PASSWORD = 'password-123';

export interface PaymentFixture {
  tk: TestKernel;
  /** Everything the kernel logged, as JSON lines (level debug: every request). */
  logs: string[];
  acquirers: { test: number; transfer: number };
  currencies: Record<string, number>;
  client(login?: string): Promise<RpcClient>;
  link(reference: string, amount: number, currency?: string): Promise<{ url: string; params: Record<string, string> }>;
}

/**
 * The payment module on a throwaway database with a server: the test processor published (its pending
 * card completes after 300 ms), a portal payer, another portal user, a payment manager, and a logger
 * that keeps every line.
 */
export async function bootPayment(): Promise<PaymentFixture> {
  const logs: string[] = [];
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { logs.push(chunk.toString('utf8')); done(); } });
  const tk = await bootTestKernel({ modules: ['payment'], http: true, logger: pino({ level: 'debug' }, sink) });
  tk.get(TestProviderSettings).pendingDelayMs = 300;
  const sudo = tk.sudo();
  const [test] = await sudo.model('payment.acquirer').search([['provider', '=', 'test']]);
  const [transfer] = await sudo.model('payment.acquirer').search([['provider', '=', 'transfer']]);
  await sudo.model('payment.acquirer').write([test], { website_published: true });
  const currencies = Object.fromEntries((await sudo.model(CURRENCY_MODEL).search_read([], ['name'])).map((r) => [String(r.name), Number(r.id)]));
  const accounts = tk.get(UserAccounts);
  await accounts.create({ name: 'Paula Payer', login: 'payer', email: 'payer@example.com', password: PASSWORD, groups: ['base.group_portal'] });
  await accounts.create({ name: 'Otto Other', login: 'other', email: 'other@example.com', password: PASSWORD, groups: ['base.group_portal'] });
  await accounts.create({ name: 'Mia Manager', login: 'manager', email: 'manager@example.com', password: PASSWORD, groups: ['payment.group_payment_manager'] });
  return {
    tk, logs, acquirers: { test, transfer }, currencies,
    async client(login) {
      const c = new RpcClient(tk.url);
      if (login) await c.authenticate(login, PASSWORD);
      return c;
    },
    async link(reference, amount, currency = 'EUR') {
      const url = await tk.get(PaymentLinks).payUrl(reference, amount, currencies[currency]);
      return { url, params: Object.fromEntries(new URL(url, tk.url).searchParams) };
    },
  };
}
