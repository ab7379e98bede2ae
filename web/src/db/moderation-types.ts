/**
 * A member's report as their device keeps it (docs/moderation.md "Reports"; PROTOCOL.md `reports`): the
 * server's row (schema/contracts/moderation.ts `ReportWire`), with `id` null until its create reached the
 * server — a report made without signal waits in the outbox — and its time under `created_at` like every
 * other synced table.
 */
import type { ReportWire } from '@schema/contracts/moderation';

export type LocalReport = Omit<ReportWire, 'id' | 'createdAt'> & {
  id: number | null;
  created_at: string;
};
