/** Every setting comes from the environment (listed in README.md "Configuration"); defaults run locally. */
import { isIP } from 'node:net';
import path from 'node:path';
import { SAFETY_DEFAULT_GRACE_MINUTES } from '@schema/contracts/safety';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the SQLite file in dataDir (lib/db.ts): `postgres://…`; unset, SQLite. */
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections this server opens (its pool). */
  databasePoolSize: number;
  /** Where members reach the app; links in e-mails are built from it, never from the Host header. */
  publicUrl: string;
  isProduction: boolean;
  /** Password of the official DigQuestor account on first start; generated and printed once if unset. */
  officialPassword: string | undefined;
  requireEmailVerification: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Directory of the built PWA (vite build output). */
  webDir: string;
  /** Extra origins the CSP allows for map styles and tiles. */
  mapStyleUrl: string | undefined;
  mapHosts: string[];
  /** The detailed basemap (MAP_PMTILES_URL), served as `/tiles/detail/…` (lib/map-detail.ts). */
  mapDetail: MapDetailSource | undefined;
  /** Aerial imagery the map may show instead of the detailed map's fills (MAP_IMAGERY_*). */
  mapImagery: MapImagery | undefined;
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    currency: string;
    apiHost: string | undefined;
    apiPort: number | undefined;
    apiProtocol: 'http' | 'https' | undefined;
  };
  /**
   * Login attempts allowed per address, and per username from one address, in a 15-minute window
   * (features/auth/throttle.ts).
   */
  loginRateLimit: number;
  /** Accounts one client address may create per hour. */
  signupRateLimit: number;
  /** Images one member may have processed (photos, avatars, sync uploads) per 15 minutes. */
  uploadRateLimit: number;
  /**
   * New messages, comments (every kind) and forum posts one member may write per 10 minutes, online or
   * pushed from a device alike (lib/write-limits.ts).
   */
  writeRateLimits: { messages: number; comments: number; posts: number };
  /** Reports one member may send per hour (REPORT_RATE_LIMIT, docs/moderation.md "Reports"). */
  reportRateLimit: number;
  /**
   * The same limits during an account's first 24 hours (NEW_ACCOUNT_MS, docs/moderation.md "New accounts"):
   * NEW_ACCOUNT_*_RATE_LIMIT, by default half the normal ones (rounded up).
   */
  newAccountWriteRateLimits: { messages: number; comments: number; posts: number };
  /** Mutations one member may push per 10 minutes (sync/push-limits.ts). */
  pushRateLimit: number;
  /**
   * An upload body must bring at least this many bytes in every window of `uploadSlowGraceSeconds` once
   * it is being read, or it is dropped with a 408 (lib/upload-admission.ts).
   */
  uploadMinBytesPerSecond: number;
  uploadSlowGraceSeconds: number;
  /** N of the sync pull's `recent:*` windows: the newest finds, posts… every device holds (sync PROTOCOL.md S27). */
  syncWindow: number;
  /**
   * The reverse proxies whose X-Forwarded-For we believe: addresses, CIDR ranges or `loopback`. Empty
   * (the default): the socket's address is the client, whatever the request claims (lib/client-address.ts).
   */
  trustProxy: string[];
  /**
   * METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <token>`; unset, only requests
   * from the loopback address (lib/health.ts).
   */
  metricsToken: string | undefined;
  /** Photos in an S3-compatible bucket (lib/photo-store.ts); undefined without S3_BUCKET: DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Web push (lib/push, docs/notifications.md "Push"): VAPID_* and PUSH_ALLOWED_HOSTS. */
  push: PushConfig;
  /** SAFE_RETURN_GRACE_MINUTES: after a trip's expected return, before its contacts are alerted (features/safety). */
  safeReturnGraceMinutes: number;
  /** The durable job queue's worker in this process (lib/jobs/worker.ts, docs/jobs.md). */
  jobs: JobWorkerConfig;
}

export interface JobWorkerConfig {
  /** JOB_WORKER: whether this server runs jobs at all (off: a web-only server beside worker servers). */
  enabled: boolean;
  /** JOB_POLL_MS: how often an idle worker looks for due jobs. */
  pollMs: number;
  /** JOB_CONCURRENCY: jobs one server runs at once. */
  concurrency: number;
  /** JOB_LEASE_SECONDS: how long a claimed job is this worker's before another may take it over. */
  leaseSeconds: number;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url), both or neither; neither: DATA_DIR/vapid.json. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT (`mailto:` or `https:`); unset: mailto: of MAIL_FROM's address, else PUBLIC_URL. */
  vapidSubject: string | undefined;
  /**
   * PUSH_ALLOWED_HOSTS: `host:port` entries a push endpoint may name although they are private or loopback
   * (and over http:): for tests with a local push endpoint only.
   */
  allowedHosts: string[];
}

export interface S3Config {
  bucket: string;
  region: string;
  /** `https://…` of an S3-compatible service (MinIO, R2…); undefined: AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what MinIO and most self-hosted services need. */
  forcePathStyle: boolean;
}

/** Where the detailed basemap's PMTiles archive is: a file (absolute, or in DATA_DIR) or an http(s) address. */
export type MapDetailSource = { kind: 'file'; path: string } | { kind: 'http'; url: string };

export interface MapImagery {
  /** An XYZ template: `https://…/{z}/{x}/{y}.jpg` (`{quadkey}` also works). */
  url: string;
  /** Plain text, shown on the map (the provider's terms require it). */
  attribution: string;
  maxZoom: number;
}

type Env = Record<string, string | undefined>;

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** A whole number ≥ 1 from the environment; anything else stops the start with a clear message. */
/** The per-member write limits, and a new account's (half of them unless set). */
function writeLimits(env: Env): Pick<Config, 'writeRateLimits' | 'newAccountWriteRateLimits'> {
  const writeRateLimits = {
    messages: positiveInt(env, 'MESSAGE_RATE_LIMIT', 120),
    comments: positiveInt(env, 'COMMENT_RATE_LIMIT', 60),
    posts: positiveInt(env, 'POST_RATE_LIMIT', 20),
  };
  const half = (n: number) => Math.ceil(n / 2);
  return {
    writeRateLimits,
    newAccountWriteRateLimits: {
      messages: positiveInt(env, 'NEW_ACCOUNT_MESSAGE_RATE_LIMIT', half(writeRateLimits.messages)),
      comments: positiveInt(env, 'NEW_ACCOUNT_COMMENT_RATE_LIMIT', half(writeRateLimits.comments)),
      posts: positiveInt(env, 'NEW_ACCOUNT_POST_RATE_LIMIT', half(writeRateLimits.posts)),
    },
  };
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

/** DATABASE_URL: a PostgreSQL URL, or unset for SQLite; anything else stops the start with a clear message. */
function databaseUrl(raw: string | undefined): string | undefined {
  const url = raw?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database)');
  return url;
}

const NO_PROXY = new Set(['', '0', 'false', 'no', 'off', 'none']);

/**
 * TRUST_PROXY: comma-separated proxy addresses or ranges (`10.0.0.0/8`, `::1`), or `loopback` for a
 * proxy on the same host. `true` is refused on purpose: trusting every peer would let any client that
 * reaches the port directly pick its own address.
 */
export function parseTrustProxy(raw: string | undefined): string[] {
  if (raw === undefined || NO_PROXY.has(raw.trim().toLowerCase())) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry.toLowerCase() === 'loopback') return 'loopback';
      const [address = '', bits, extra] = entry.split('/');
      const family = isIP(address);
      const prefix = Number(bits);
      const validPrefix =
        bits === undefined ||
        (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32));
      if (!family || !validPrefix || extra !== undefined)
        throw new Error(
          `TRUST_PROXY: '${entry}' is not an address, a range (10.0.0.0/8) or 'loopback'; list the proxies in front of the server`,
        );
      return entry;
    });
}

/**
 * MAP_PMTILES_URL: an http(s) address (read by byte ranges, which a bucket's public URL or a CDN supports)
 * or a file path, relative to DATA_DIR unless absolute. Other schemes stop the start with the variable's name.
 */
export function parseMapDetail(raw: string | undefined, dataDir: string): MapDetailSource | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value)) {
    if (!URL.canParse(value)) throw new Error(`MAP_PMTILES_URL: '${value}' is not a valid address`);
    return { kind: 'http', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new Error(
      `MAP_PMTILES_URL: '${value}' must be a file (a path in DATA_DIR, or absolute) or an http(s) address`,
    );
  return { kind: 'file', path: path.resolve(dataDir, value) };
}

/** MAP_IMAGERY_URL with its attribution (required: imagery providers' terms ask for it) and deepest zoom. */
export function parseMapImagery(env: Env): MapImagery | undefined {
  const url = env.MAP_IMAGERY_URL?.trim();
  if (!url) return undefined;
  const template = url.replace(/\{(z|x|y|quadkey)\}/g, '0');
  if (!/^https?:\/\//i.test(url) || !URL.canParse(template))
    throw new Error(`MAP_IMAGERY_URL: '${url}' is not an http(s) tile address`);
  if (!/\{quadkey\}/.test(url) && !['{z}', '{x}', '{y}'].every((part) => url.includes(part)))
    throw new Error(`MAP_IMAGERY_URL: '${url}' needs {z}, {x} and {y} (or {quadkey}) where the tile goes`);
  const attribution = env.MAP_IMAGERY_ATTRIBUTION?.trim();
  if (!attribution)
    throw new Error("MAP_IMAGERY_ATTRIBUTION is required with MAP_IMAGERY_URL: the imagery's credit line");
  const maxZoom = positiveInt(env, 'MAP_IMAGERY_MAX_ZOOM', 19);
  if (maxZoom > 22) throw new Error('MAP_IMAGERY_MAX_ZOOM must be at most 22');
  return { url, attribution, maxZoom };
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

/**
 * S3_*: photos go to a bucket when S3_BUCKET is set. Every mistake stops the start with the variable's name:
 * several servers silently keeping photos in their own data directories would each miss the others' photos.
 */
export function parseS3(env: Env): S3Config | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => value(name));
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without S3_BUCKET; set S3_BUCKET to store photos in S3`);
    return undefined;
  }
  if (/[\s/]/.test(bucket))
    throw new Error(`S3_BUCKET: '${bucket}' is not a bucket name (no slashes or spaces)`);

  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
      throw new Error(`S3_ENDPOINT: '${endpoint}' is not an http(s) address such as https://s3.example.com`);
  }

  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');

  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not '${env.S3_FORCE_PATH_STYLE}'`);

  return {
    bucket,
    region: value('S3_REGION') ?? 'us-east-1',
    endpoint: endpoint?.replace(/\/+$/, ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'true',
  };
}

const base64urlBytes = (value: string): number =>
  /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;

/**
 * VAPID_* and PUSH_ALLOWED_HOSTS. A half-set or malformed key pair stops the start: servers quietly
 * generating keys of their own would each hold subscriptions the others cannot send to.
 */
export function parsePush(env: Env): PushConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const publicKey = value('VAPID_PUBLIC_KEY');
  const privateKey = value('VAPID_PRIVATE_KEY');
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither');
  // An uncompressed P-256 point is 65 bytes, a private scalar 32 (`npx web-push generate-vapid-keys`).
  if (publicKey && base64urlBytes(publicKey) !== 65)
    throw new Error('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)');
  if (privateKey && base64urlBytes(privateKey) !== 32)
    throw new Error('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  const subject = value('VAPID_SUBJECT');
  if (subject !== undefined && !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/i.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, not '${subject}'`);
  const allowedHosts = (env.PUSH_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry))
        throw new Error(`PUSH_ALLOWED_HOSTS: '${entry}' is not host:port (127.0.0.1:8080)`);
      return entry;
    });
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    vapidSubject: subject,
    allowedHosts,
  };
}

/** JOB_*: the job worker's switch, polling interval, concurrency and lease (docs/jobs.md). */
export function parseJobWorker(env: Env): JobWorkerConfig {
  const worker = (env.JOB_WORKER ?? '').trim().toLowerCase();
  if (!['', 'on', 'off'].includes(worker))
    throw new Error(`JOB_WORKER must be on or off, not '${env.JOB_WORKER}'`);
  return {
    enabled: worker !== 'off',
    pollMs: positiveInt(env, 'JOB_POLL_MS', 1000),
    concurrency: positiveInt(env, 'JOB_CONCURRENCY', 4),
    leaseSeconds: positiveInt(env, 'JOB_LEASE_SECONDS', 120),
  };
}

/** SAFE_RETURN_GRACE_MINUTES: 1 to 720 (default 30); a longer wait would make the alert useless. */
export function parseGraceMinutes(env: Env): number {
  const minutes = positiveInt(env, 'SAFE_RETURN_GRACE_MINUTES', SAFETY_DEFAULT_GRACE_MINUTES);
  if (minutes > 720) throw new Error('SAFE_RETURN_GRACE_MINUTES must be at most 720 (12 hours)');
  return minutes;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  const mapStyleUrl = env.MAP_STYLE_URL || undefined;
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'data');
  const mapImagery = parseMapImagery(env);
  const mapHosts = [
    originOf(mapStyleUrl),
    originOf(mapImagery?.url.replace(/\{(z|x|y|quadkey)\}/g, '0')),
    ...(env.MAP_TILE_HOSTS ?? '').split(',').map((h) => originOf(h.trim())),
  ].filter((h): h is string => Boolean(h));
  const protocol = env.STRIPE_API_PROTOCOL;
  return {
    port,
    // This machine only, as the README's quick start promises; HOST=0.0.0.0 opens it to the LAN or a proxy.
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePoolSize: positiveInt(env, 'DATABASE_POOL_SIZE', 10),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    isProduction: env.NODE_ENV === 'production',
    officialPassword: env.DIGQUESTOR_PASSWORD || undefined,
    requireEmailVerification: bool(env.REQUIRE_EMAIL_VERIFICATION, false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'DigQuest <no-reply@digquest.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.resolve(cwd, env.WEB_DIR ?? 'dist/web'),
    mapStyleUrl,
    mapHosts: [...new Set(mapHosts)],
    mapDetail: parseMapDetail(env.MAP_PMTILES_URL, dataDir),
    mapImagery,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      currency: (env.DONATION_CURRENCY ?? 'usd').toLowerCase(),
      apiHost: env.STRIPE_API_HOST || undefined,
      apiPort: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
      apiProtocol: protocol === 'http' || protocol === 'https' ? protocol : undefined,
    },
    loginRateLimit: positiveInt(env, 'LOGIN_RATE_LIMIT', 10),
    signupRateLimit: positiveInt(env, 'SIGNUP_RATE_LIMIT', 5),
    uploadRateLimit: positiveInt(env, 'UPLOAD_RATE_LIMIT', 60),
    ...writeLimits(env),
    reportRateLimit: positiveInt(env, 'REPORT_RATE_LIMIT', 20),
    pushRateLimit: positiveInt(env, 'PUSH_RATE_LIMIT', 3000),
    uploadMinBytesPerSecond: positiveInt(env, 'UPLOAD_MIN_BYTES_PER_SECOND', 1024),
    uploadSlowGraceSeconds: positiveInt(env, 'UPLOAD_SLOW_GRACE_SECONDS', 10),
    syncWindow: positiveInt(env, 'SYNC_WINDOW', 300),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    s3: parseS3(env),
    push: parsePush(env),
    safeReturnGraceMinutes: parseGraceMinutes(env),
    jobs: parseJobWorker(env),
  };
}

/** Cookies are Secure when members reach us over https. */
export function usesHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}
