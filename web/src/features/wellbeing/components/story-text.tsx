/**
 * A story's words as plain text (docs/product/stories.md "Rules and messages"): React writes them as text,
 * never as markup, so nothing a member types can run or style the page; its line breaks are kept and a web
 * address stays words on the page, not a link.
 */
import { cn } from '@web/components/ui/cn';

export function StoryText({
  content,
  clamp,
  className,
}: {
  content: string;
  clamp?: boolean;
  className?: string;
}) {
  return (
    <p
      className={cn(
        'whitespace-pre-line break-words leading-relaxed',
        clamp ? 'line-clamp-6' : undefined,
        className,
      )}
    >
      {content}
    </p>
  );
}
