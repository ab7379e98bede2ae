/**
 * react-hook-form's Zod resolver for a schema that loads on the form's first validation: a page that shows
 * a form downloads no validation library until the member submits it (docs/architecture.md "First
 * paint"). The same schema decides every submit as with zodResolver itself; the submit waits for it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/** `load` is a dynamic import of the contract, e.g. `async () => (await import('…/auth')).loginSchema`. */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    return zodResolver(schema)(values, context, options);
  };
}
