import { isIP } from 'node:net';
import { z } from 'zod';
import { passwordProblem } from '../../shared/validation/password-rules';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Names proxy-addr understands for whole address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe (Fastify `trustProxy`). `false`/`0`: none, the socket's address is the
 * client. A number of hops: the proxies in front of us, each adding one address on the right; the client is the
 * entry that many hops back, so a left-most entry the client wrote itself is never taken. `true` means 1 hop (one
 * proxy), never "believe every entry". A comma-separated list of proxy addresses/CIDRs: entries added by those.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'TRUST_PROXY must be false, true (one proxy), a number of proxy hops (1-10), or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
}

/**
 * How often the server backs itself up: `off` (or 0), or a number with m, h or d (`30m`, `24h`, `7d`); at least a
 * minute. Unset: undefined, which backupSchedule() turns into the driver's default.
 */
function parseBackupEvery(value: string | undefined, ctx: z.RefinementCtx): number | undefined {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return undefined;
  if (v === 'off' || v === '0') return 0;
  const match = /^(\d{1,6})\s*(m|h|d)$/.exec(v);
  const unitMs: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
  const ms = match ? Number(match[1]) * (unitMs[match[2] ?? ''] ?? NaN) : NaN;
  if (Number.isFinite(ms) && ms >= 60_000) return ms;
  ctx.addIssue({ code: 'custom', message: 'BACKUP_EVERY must be off, or a duration such as 30m, 24h or 7d (at least 1m)' });
  return z.NEVER;
}

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: optionalText.pipe(z.string().url('DATABASE_URL must be a postgres:// URL').optional()),
    DATA_DIR: z.string().default('./data'),
    ADMIN_EMAIL: optionalText.pipe(z.string().email('ADMIN_EMAIL must be an email address').optional()),
    // Checked with the password rule below, where ADMIN_EMAIL is known.
    ADMIN_PASSWORD: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    /** The whole request, body included, must arrive within this; its headers within 10 s at most. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100, 'REQUEST_TIMEOUT_MS must be at least 100').max(600_000).default(30_000),
    /**
     * The same for a media upload (a player's photo or video, http/body-deadline.ts): a 50 MB video on a phone's weak
     * uplink (1 Mbit/s) takes about 7 minutes, far past REQUEST_TIMEOUT_MS.
     */
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100, 'UPLOAD_TIMEOUT_MS must be at least 100').max(3_600_000).default(600_000),
    /**
     * Open sockets (platform/http/connection-limits.ts, decision 0345): at most this many in all (idle ones are closed
     * first to make room), and this many per peer address (0: no per-address cap; TRUST_PROXY's proxies are exempt).
     */
    MAX_CONNECTIONS: z.coerce.number().int().min(10, 'MAX_CONNECTIONS must be at least 10').max(1_000_000).default(2_000),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(200),
    /**
     * The least a request body must bring (platform/http/body-rate.ts, decision 0520): each BODY_RATE_WINDOW_MS from
     * its headers on, this many bytes a second (or the rest of the body); slower is answered 408 and closed, and at
     * MAX_CONNECTIONS such sockets are closed first. 0: off. 1 kB/s is far below any working phone uplink.
     */
    MIN_BODY_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1_000),
    BODY_RATE_WINDOW_MS: z.coerce.number().int().min(100, 'BODY_RATE_WINDOW_MS must be at least 100').max(600_000).default(20_000),
    /** Media uploads at once (platform/http/upload-slots.ts, decision 0520): per player, and per client address (0: no cap). */
    MAX_UPLOADS_PER_PLAYER: z.coerce.number().int().min(1, 'MAX_UPLOADS_PER_PLAYER must be at least 1').max(1_000).default(2),
    MAX_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(20),
    /** How long an idle keep-alive socket is kept; unset: 5 s for direct clients, 72 s behind a proxy (TRUST_PROXY). */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000, 'KEEP_ALIVE_TIMEOUT_MS must be at least 1000').max(600_000).optional(),
    /** `GET /metrics` answers only with `Authorization: Bearer <this>`; unset, the metrics are off (404). */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    /** On SIGTERM the process drains and exits within this (decision 0366). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000, 'SHUTDOWN_GRACE_MS must be at least 1000').max(600_000).default(10_000),
    PUBLIC_URL: optionalText.pipe(z.string().url('PUBLIC_URL must be a URL').optional()),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('hatch <games@hatch.invalid>'),
    /** With SMTP_URL: attempts to send a mail (retried with a growing wait between them) before it is marked failed. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1, 'MAIL_MAX_ATTEMPTS must be at least 1').max(50, 'MAIL_MAX_ATTEMPTS must be at most 50').default(8),
    GEOCODER_URL: optionalText.pipe(z.string().url('GEOCODER_URL must be a URL').optional()),
    TERMS_URL: z.string().url().default('https://example.com/privacy'),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Card payments through Stripe when set (with its webhook signing secret); else bank transfer (decision 0250). */
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Another address for Stripe's API (a local stand-in in tests); Stripe's own when unset. */
    STRIPE_API_BASE: optionalText.pipe(z.string().url('STRIPE_API_BASE must be a URL').optional()),
    /** The account bookers pay by transfer to, shown with the booking's reference (free text, several lines). */
    BANK_TRANSFER_DETAILS: optionalText,
    /** Photos go to S3-compatible storage when a bucket is named, else to DATA_DIR/photos (platform/storage). */
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.string().url('S3_ENDPOINT must be a URL').optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Most S3-compatible services want bucket-in-path addresses; AWS takes either. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Scheduled backups (decision 0361): where they go (default DATA_DIR/backups), how often, and how many are kept. */
    BACKUP_DIR: optionalText,
    BACKUP_EVERY: z.string().optional().transform(parseBackupEvery),
    BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be at least 1').max(10_000).default(14),
    /**
     * Webhooks (decision 0560): `true` lets endpoints be plain http or reach loopback and private addresses (a receiver
     * on the same network, the tests' local receiver); link-local and the cloud metadata address are refused always.
     */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** How long one delivery may take, connect to last byte read (then it counts as failed and is retried). */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100, 'WEBHOOK_TIMEOUT_MS must be at least 100').max(60_000).default(5_000),
    /** Requests an API key may make per minute on /api/v1 (RateLimit headers; 429 with Retry-After past it). */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1, 'API_KEY_RATE_LIMIT must be at least 1').max(100_000).default(120),
    /**
     * Tests only: `low` hashes and checks passwords at a tiny scrypt cost, so a test suite does not pay 128 MiB of
     * scrypt per login (decision 0322). Refused unless NODE_ENV is test.
     */
    TEST_PASSWORD_COST: optionalText.pipe(z.enum(['low']).optional()),
  })
  .superRefine((config, ctx) => {
    if (config.TEST_PASSWORD_COST !== undefined && config.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_PASSWORD_COST'],
        message: 'TEST_PASSWORD_COST is for test runs only (NODE_ENV=test): it weakens every password hash',
      });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY: payments are confirmed by signed webhooks',
      });
    }
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (config.ADMIN_PASSWORD === undefined) return;
    const problem = passwordProblem(config.ADMIN_PASSWORD, config.ADMIN_EMAIL);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: problem });
  });

export type Config = z.infer<typeof configSchema>;

/**
 * The origin mail links point at: PUBLIC_URL, or else the address this process listens on, fixed at start. Never
 * taken from a request: a visitor choosing the Host header would otherwise choose where a booker's link leads.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const anyOrLoopback = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', ''].includes(config.HOST);
  const host = anyOrLoopback ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * Node/Fastify server timeouts (decision 0180). Fastify's defaults switch Node's request timeout off, so a client that
 * sends headers and then trickles its body (or never finishes its headers) held its connection for ever.
 */
export function serverTimeouts(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'UPLOAD_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'TRUST_PROXY'>) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    // Node's own limit is per server, so it is the longest one (an upload's); the body deadline (http/body-deadline.ts)
    // holds every other request to REQUEST_TIMEOUT_MS.
    requestTimeout: Math.max(requestTimeout, config.UPLOAD_TIMEOUT_MS),
    bodyTimeout: requestTimeout,
    uploadTimeout: config.UPLOAD_TIMEOUT_MS,
    headersTimeout: Math.min(requestTimeout, 10_000),
    // Behind a proxy: longer than common load balancers' idle timeout (60 s), so they never reuse a connection we are
    // closing (a few sockets, the proxy's). Facing clients directly: short, as each idle socket holds a file
    // descriptor and a browser reopens one at no cost (decision 0345).
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS ?? (config.TRUST_PROXY === false ? 5_000 : 72_000),
    // A socket silent this long (no request, no bytes) is closed; longer than the keep-alive wait above.
    connectionTimeout: 90_000,
    // How often Node looks for requests past their time: Node's default (30 s) would let them run long past it.
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(requestTimeout / 4))),
  };
}

/**
 * The server's own backups, or null when off. The embedded database backs itself up every 24 hours by default: it is
 * the install nobody set up backups for, and no other process may read it while the server runs. On PostgreSQL they
 * are off unless BACKUP_EVERY is set (its operator has the database's own tools, and `npm run backup` runs anywhere).
 */
export function backupSchedule(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'>,
): { dir: string; everyMs: number; keep: number } | null {
  const everyMs = config.BACKUP_EVERY ?? (config.DATABASE_URL ? 0 : 24 * 3_600_000);
  if (everyMs === 0) return null;
  return { dir: config.BACKUP_DIR ?? `${config.DATA_DIR.replace(/\/+$/, '')}/backups`, everyMs, keep: config.BACKUP_KEEP };
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value stops start-up and names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
