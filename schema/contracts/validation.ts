import type { z } from 'zod';

/** field path → its first message: how the server's 400 `fields` and the forms report validation errors. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** The messages a schema gives for an input, by field; empty when the input is valid. */
export function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues);
}
