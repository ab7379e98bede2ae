/**
 * No text field lets a C0 control character through (issue 24; text.ts): every field of every object
 * schema the contracts export is given text with control characters, and whatever it accepts must come
 * out clean. A new field built with `z.string()` instead of `text()` fails here.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeUpdateSchema } from './ar-routes';
import { groupCreateSchema } from './groups';
import { locationUpdateSchema } from './locations';
import { text, withoutControls } from './text';

// eslint-disable-next-line no-control-regex -- the characters under test
const C0_BUT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Secrets compared as they were typed, never shown or stored as text (passwords are hashed). */
const SECRETS = new Set(['password', 'confirmPassword', 'currentPassword', 'newPassword', 'token']);

/** Protocol fields of the sync envelope: opaque strings the server compares or parses, never stores. */
const PROTOCOL_MODULES = new Set(['./sync.ts']);

const SAMPLES = ['Roman\u000bcoin\u0000 from the\u0007 field\u001b', 'A\u0001b\u001fc'];

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/** The object a schema reads, through its `.transform()` (a pipe), or undefined when it is not one. */
function objectOf(value: unknown): z.ZodObject | undefined {
  if (value instanceof z.ZodObject) return value;
  if (value instanceof z.ZodPipe) return objectOf(value.in);
  return undefined;
}

const objectSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  PROTOCOL_MODULES.has(file)
    ? []
    : Object.entries(exports).flatMap(([name, value]) => {
        const schema = objectOf(value);
        return schema ? [{ name: `${file.slice(2)} ${name}`, schema }] : [];
      }),
);

describe('text without C0 controls', () => {
  it('cleans pasted text: vertical tabs and form feeds become line feeds, other controls go, tab and line breaks stay', () => {
    expect(withoutControls('Line one\u000bline two\u000cpage two')).toBe('Line one\nline two\npage two');
    expect(withoutControls('Ro\u0000man\u0007 coin\u001b\u007f')).toBe('Roman coin\u007f');
    expect(withoutControls('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
  });

  it('judges lengths after cleaning', () => {
    const title = text().trim().min(3);
    expect(title.safeParse('\u0000\u0001ab').success).toBe(false);
    expect(title.parse(' \u0007Abc\u000b')).toBe('Abc');
  });

  it('an optional text holding nothing but control characters is no text (null)', () => {
    expect(groupCreateSchema.parse({ name: 'Club', description: '\u0007\u000b ' }).description).toBeNull();
    expect(locationUpdateSchema.parse({ landownerName: '\u0000' }).landownerName).toBeNull();
    expect(routeUpdateSchema.parse({ terrainType: '\u001b\u000c' }).terrainType).toBeNull();
  });

  it('finds the contracts’ object schemas', () => {
    expect(objectSchemas.length).toBeGreaterThan(20);
  });

  it('every text field of every contract refuses or cleans C0 controls', () => {
    const leaks: string[] = [];
    for (const { name, schema } of objectSchemas) {
      for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        if (SECRETS.has(key)) continue;
        for (const sample of [...SAMPLES, ...SAMPLES.map((s) => [s])]) {
          const result = field.safeParse(sample);
          if (result.success && stringsIn(result.data).some((s) => C0_BUT_TEXT.test(s)))
            leaks.push(`${name}.${key}`);
        }
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });
});
