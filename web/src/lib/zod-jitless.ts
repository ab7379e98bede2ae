/**
 * Our CSP has no 'unsafe-eval' (docs/privacy.md), so Zod's JIT cannot run in the browser, and the
 * `new Function` probe Zod makes on its first parse shows as a CSP violation in the console. The `jitless`
 * option skips both. Zod reads its config from `globalThis.__zod_globalConfig` (shared by every copy of Zod)
 * when it first loads: seeding it sets the option before any form loads Zod, without bringing Zod into the
 * first download. main.tsx calls this first.
 */
export function seedZodJitless(): void {
  const current: unknown = Reflect.get(globalThis, '__zod_globalConfig');
  Reflect.set(globalThis, '__zod_globalConfig', {
    ...(typeof current === 'object' ? current : {}),
    jitless: true,
  });
}
