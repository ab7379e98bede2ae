/**
 * What a group says about itself beyond its name (docs/product/social.md "Groups"; the spec's
 * `coverImageUrl`, `tags`, `rules`): the cover across the top of its page (and small on its card), its
 * tags as badges, and its rules. Read from the stored group, so they show offline like the rest of it.
 */
import { Tag } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { coverThumb } from './group-summary';

/** The cover, wide on the page; the card uses the thumbnail. Decorative: the name says what it is. */
export function GroupCover({ url, small = false }: { url: string | null | undefined; small?: boolean }) {
  if (!url) return null;
  return (
    <img
      src={small ? coverThumb(url) : url}
      alt=""
      data-testid="group-cover"
      loading={small ? 'lazy' : 'eager'}
      decoding="async"
      className={`w-full rounded-lg object-cover ${small ? 'aspect-[4/1]' : 'aspect-[3/1] max-h-72'}`}
    />
  );
}

export function GroupTags({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline">
            <Tag className="size-3" aria-hidden="true" />
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export function GroupRules({ rules }: { rules: string | null | undefined }) {
  if (!rules) return null;
  return (
    <section aria-labelledby="group-rules" className="flex flex-col gap-1">
      <h2 id="group-rules" className="text-lg font-semibold">
        Group rules
      </h2>
      <p className="whitespace-pre-wrap break-words text-stone-700 dark:text-stone-300">{rules}</p>
    </section>
  );
}
