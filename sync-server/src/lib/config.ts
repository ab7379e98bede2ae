/** Every setting comes from the environment (listed in README.md "Configuration"); defaults run locally. */
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
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
  /** N of the sync pull's `recent:*` windows: the newest finds, posts… every device holds (sync PROTOCOL.md S27). */
  syncWindow: number;
  /**
   * The reverse proxies whose X-Forwarded-For we believe: addresses, CIDR ranges or `loopback`. Empty
   * (the default): the socket's address is the client, whatever the request claims (lib/client-address.ts).
   */
  trustProxy: string[];
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
function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
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

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  const mapStyleUrl = env.MAP_STYLE_URL || undefined;
  const mapHosts = [
    originOf(mapStyleUrl),
    ...(env.MAP_TILE_HOSTS ?? '').split(',').map((h) => originOf(h.trim())),
  ].filter((h): h is string => Boolean(h));
  const protocol = env.STRIPE_API_PROTOCOL;
  return {
    port,
    // This machine only, as the README's quick start promises; HOST=0.0.0.0 opens it to the LAN or a proxy.
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
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
    syncWindow: positiveInt(env, 'SYNC_WINDOW', 300),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** Cookies are Secure when members reach us over https. */
export function usesHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}
