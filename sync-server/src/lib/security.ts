/** Security headers and CSRF protection for cookie-authenticated writes (body limits: request-body.ts). */
import type { MiddlewareHandler } from 'hono';
import type { Config } from './config';
import { HttpError } from './errors';

// Stripe's guide lists its script host and subdomains for scripts and frames, and its API for connections.
const STRIPE_SCRIPT = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];

/** Only our origin, plus the configured map hosts and Stripe when it is configured. */
export function contentSecurityPolicy(config: Config): string {
  const stripe = Boolean(config.stripe.publishableKey);
  const map = config.mapHosts.join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self'${stripe ? ` ${STRIPE_SCRIPT}` : ''}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob:${map ? ` ${map}` : ''}`,
    'font-src': "'self'",
    'connect-src': `'self'${map ? ` ${map}` : ''}${stripe ? ` ${STRIPE_API}` : ''}`,
    'worker-src': "'self' blob:",
    'frame-src': stripe ? STRIPE_FRAMES.join(' ') : "'none'",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  return async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer is made copies the whole answer (through a
    // web stream) once per call.
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
    if (config.publicUrl.startsWith('https://')) headers.set('Strict-Transport-Security', 'max-age=31536000');
  };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF: a browser always sends Origin (and Sec-Fetch-Site) on cross-site writes. A write whose Origin is
 * not ours, or that the browser marks cross-site, is refused. Clients without those headers (curl, tests)
 * are not browsers and cannot carry a victim's cookie. The Stripe webhook is signed instead.
 */
export function csrfProtection(config: Config, exempt: string[] = []): MiddlewareHandler {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  return async (c, next) => {
    if (UNSAFE.has(c.req.method) && !exempt.includes(c.req.path)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const ownOrigin = new URL(c.req.url).origin;
      const originOk = !origin || allowed.has(origin) || origin === ownOrigin;
      if (!originOk || site === 'cross-site') {
        throw new HttpError(403, 'csrf-rejected', 'Cross-site request refused');
      }
    }
    await next();
  };
}
