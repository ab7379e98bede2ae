import type { ProtectedSourceRow } from '@web/db/database';

/** The attributions the imported sources' licences ask to be shown with the data, each once. */
export function protectedAttributions(sources: readonly ProtectedSourceRow[]): string[] {
  return [...new Set(sources.flatMap((s) => (s.attribution ? [s.attribution] : [])))];
}
