/**
 * The descriptor's comment rules, loaded when a comment is first written or edited: a first visit that only
 * reads comments downloads no validation library (docs/architecture.md "First paint"). The same schema runs
 * before every write as before; only its download waits for the first use (then the browser's module cache
 * keeps it).
 */
import type { Resolver } from 'react-hook-form';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import type { CommentInput, EngagementSchemaLoader } from './descriptor';

/** The part of a descriptor that holds the rules. */
export interface CommentRulesSource {
  loadCommentSchema: EngagementSchemaLoader;
}

export type CommentCheck = { ok: true; content: string } | { ok: false; message: string | null };

/** The contract's verdict on an edited comment: its cleaned text, or the first problem's message. */
export async function checkComment(engagement: CommentRulesSource, content: string): Promise<CommentCheck> {
  // The schema's own safeParse: importing Zod's core here would make its every export (all locales) a chunk.
  const schema = await engagement.loadCommentSchema();
  const parsed = schema.safeParse({ content });
  if (parsed.success) return { ok: true, content: parsed.data.content };
  return { ok: false, message: parsed.error.issues[0]?.message ?? null };
}

/** react-hook-form's resolver for the comment form: the contract's rules, awaited on each submit. */
export function commentResolver(
  engagement: CommentRulesSource,
): Resolver<CommentInput, unknown, CommentInput> {
  return lazyZodResolver(engagement.loadCommentSchema);
}
