import path from 'node:path';

/** Process configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  databaseUrl: string;
  /** Password given to `admin` when the database is created; generated and printed when absent. */
  adminPassword?: string;
  demo: boolean;
  workers: number;
  logLevel: string;
  smtpUrl?: string;
  /** PostgreSQL: a statement running longer is cancelled (0: no limit). Migrations are not limited. */
  statementTimeoutMs: number;
  /** PostgreSQL: statements run twice on a connection are kept prepared there (`PG_PREPARED_STATEMENTS`, on by default). */
  pgPreparedStatements: boolean;
  /** Root of the repository (where platform/ and modules/ live). */
  repoRoot: string;
  /** Login throttling: failures allowed per IP and per account within the window. */
  loginLimits: { perIp: number; perAccount: number; windowSeconds: number };
  /** Sign-ups allowed per address and on the whole site (all addresses together) within the window. */
  signupLimits: { perIp: number; perSite: number; windowSeconds: number };
  /**
   * `/web/dataset/call_kw` budget, in cost units (about a millisecond of database work each: see
   * platform/orm/call-kw-cost.ts) per minute: visitors and portal users per address and per account,
   * internal users (the back office) per account.
   */
  callKwBudget: { publicPerMinute: number; internalPerMinute: number };
  /** Reverse proxies in front of the server (`TRUST_PROXY`); the client address is the one the first of them appended. */
  trustProxyHops: number;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8069);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const workers = Number(env.WORKERS ?? 1);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`WORKERS must be a positive integer, got '${env.WORKERS}'`);
  const statementTimeoutMs = Number(env.DB_STATEMENT_TIMEOUT_MS || 30_000);
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0) {
    throw new Error(`DB_STATEMENT_TIMEOUT_MS must be a number of milliseconds (0 for none), got '${env.DB_STATEMENT_TIMEOUT_MS}'`);
  }
  return {
    port,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(REPO_ROOT, 'data', 'site.sqlite')}`,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: parseBool(env.DEMO, true),
    workers,
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || undefined,
    statementTimeoutMs,
    pgPreparedStatements: parseBool(env.PG_PREPARED_STATEMENTS, true),
    repoRoot: REPO_ROOT,
    loginLimits: { perIp: 30, perAccount: 10, windowSeconds: 15 * 60 },
    signupLimits: { perIp: 10, perSite: positiveInt('SIGNUPS_PER_HOUR', env.SIGNUPS_PER_HOUR, 100), windowSeconds: 3600 },
    callKwBudget: { publicPerMinute: 300, internalPerMinute: 6000 },
    trustProxyHops: parseHops(env.TRUST_PROXY),
  };
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

/** `TRUST_PROXY`: unset or 0 = no proxy, N = N proxies. Anything else stops the start (trusting by mistake is a hole). */
function parseHops(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,2}$/.test(value)) throw new Error(`TRUST_PROXY must be the number of reverse proxies in front of the server (0, 1, 2...), got '${value}'`);
  return Number(value);
}

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}
