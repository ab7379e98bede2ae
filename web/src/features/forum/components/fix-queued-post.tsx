/**
 * A post still in the outbox can be changed there (PROTOCOL.md S19, S20): typically the server refused
 * it because its category was removed while it waited. Picking another category folds into the queued
 * create, which goes again under the same mutation id; the sync panel shows the server's message.
 */
import { useId, useState } from 'react';
import type { SelfUser } from '@schema/contracts/users';
import { fieldClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import type { LocalPost } from '@web/db/database';
import { changeQueuedPostCategory } from '../hooks/forum-writes';
import { useCategories } from '../hooks/use-forum';

export function FixQueuedPost({ post, user }: { post: LocalPost; user: SelfUser }) {
  const id = useId();
  const categories = useCategories();
  const [busy, setBusy] = useState(false);
  if (categories.state !== 'ready') return null;
  const known = categories.value.some((c) => c.id === post.categoryId);

  async function change(value: string) {
    const categoryId = Number(value);
    if (!Number.isInteger(categoryId) || categoryId <= 0 || categoryId === post.categoryId) return;
    setBusy(true);
    try {
      await changeQueuedPostCategory(user, post, categoryId);
      toast({
        title: 'Category changed',
        description: 'Your post will be sent again with the new category.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>
          {known
            ? 'Category (you can still change it before it is sent)'
            : 'This category no longer exists: pick another one'}
        </Label>
        <select
          id={id}
          className={`${fieldClasses} min-h-11`}
          value={known ? post.categoryId : ''}
          disabled={busy}
          onChange={(e) => void change(e.target.value)}
        >
          {known ? null : <option value="">Select a category</option>}
          {categories.value.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
