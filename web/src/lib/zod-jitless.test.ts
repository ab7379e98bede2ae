import { describe, expect, it } from 'vitest';
import { seedZodJitless } from './zod-jitless';

describe('seedZodJitless', () => {
  it('makes Zod, loaded afterwards, run without eval (no CSP probe) and still validate', async () => {
    seedZodJitless();
    const { z } = await import('zod');
    const { util } = await import('zod/v4/core');
    expect(z.config().jitless).toBe(true);
    expect(util.allowsEval.value).toBe(false);
    const schema = z.object({ title: z.string().min(3) });
    expect(schema.safeParse({ title: 'Roman coin' }).success).toBe(true);
    expect(schema.safeParse({ title: 'ab' }).success).toBe(false);
  });
});
