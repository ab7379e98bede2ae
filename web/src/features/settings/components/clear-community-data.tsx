/**
 * "Clear cached community data": other members' finds and posts kept on this device leave; the member's
 * own records and every change waiting to sync stay (web/src/sync/README.md C16). The newest records and
 * kept lists download again at the next sync.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { clearCachedCommunityData } from '@web/sync';
import { formatCount } from '@web/lib/numbers';

export const CLEAR_EXPLANATION =
  "Removes other members' finds, posts and comments kept on this device. Your own records and changes waiting to sync always stay. The newest finds and posts, and the categories you keep offline, download again at the next sync.";

export function ClearCommunityData() {
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    try {
      const { records, children } = await clearCachedCommunityData();
      const removed = records + children;
      toast({
        title: 'Cached community data cleared',
        description: `${formatCount(removed)} ${removed === 1 ? 'record' : 'records'} removed from this device.`,
      });
      setConfirming(false);
    } catch {
      toast({
        title: 'Error',
        description: 'Could not clear the cached data. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setClearing(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-stone-700 dark:text-stone-300">{CLEAR_EXPLANATION}</p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Confirm clearing">
          <span>Clear cached community data now?</span>
          <Button variant="destructive" onClick={() => void clear()} disabled={clearing}>
            {clearing ? 'Clearing…' : 'Clear'}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={clearing}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" /> Clear cached community data
        </Button>
      )}
    </div>
  );
}
