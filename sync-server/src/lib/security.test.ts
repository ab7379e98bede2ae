import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy } from './security';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('allows only our own origin when neither maps nor Stripe are configured', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(csp).not.toContain('stripe');
  });

  it("adds Stripe's script, frame and API hosts only when a publishable key is set", () => {
    const csp = contentSecurityPolicy(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }));
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(csp, 'img-src')).not.toContain('stripe');
  });

  it('adds the configured map style and tile origins to images and connections', () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        MAP_STYLE_URL: 'https://tiles.example.org/style.json',
        MAP_TILE_HOSTS: 'https://a.tiles.example.org/x',
      }),
    );
    expect(directive(csp, 'connect-src')).toContain('https://tiles.example.org');
    expect(directive(csp, 'img-src')).toContain('https://a.tiles.example.org');
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });
});
