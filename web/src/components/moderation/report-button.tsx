/**
 * "Report" on a record someone else wrote (docs/moderation.md "Reports"): shown to a signed-in member only,
 * never on their own record or one not yet on the server (it has no id to report). The dialog's code loads
 * with the first press, not with the page (see lazy-parts.ts).
 */
import { Flag } from 'lucide-react';
import { useState } from 'react';
import type { ReportableEntity } from '@schema/contracts/moderation';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/button';
import { lazyParts, prefetch } from '../ui/lazy-parts';

const dialogParts = lazyParts(() => import('./report-dialog'));

export interface ReportButtonProps {
  entity: ReportableEntity;
  /** The record's server id; null until it has synced. */
  id: number | null;
  /** Who wrote it (for a message: its sender; for a profile: the member). */
  authorId: number;
  /** The signed-in member, or null. */
  viewerId: number | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function ReportButton({
  entity,
  id,
  authorId,
  viewerId,
  variant = 'ghost',
  size = 'sm',
  className,
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const parts = dialogParts.useParts(used);
  if (viewerId === null || id === null || viewerId === authorId) return null;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => prefetch(dialogParts)}
        onFocus={() => prefetch(dialogParts)}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" /> Report
      </Button>
      {parts && used ? (
        <parts.ReportDialog entity={entity} id={id} open={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}
