/** Every setting comes from the environment (listed in README.md "Configuration"); defaults run locally. */
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
  /** Login attempts allowed per address and per username in a 15-minute window. */
  loginRateLimit: number;
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
    host: env.HOST ?? '0.0.0.0',
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
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
  };
}

/** Cookies are Secure when members reach us over https. */
export function usesHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}
