/**
 * A warning beside a form field that the member should not miss (a protected site near the position the
 * form holds): red for "do not", amber for "take care", announced as it appears.
 */
import { cn } from './cn';

export function CautionNote({ severity, text }: { severity: 'danger' | 'warning'; text: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'rounded-md border p-2 text-sm',
        severity === 'danger'
          ? 'border-red-700 bg-red-50 font-medium text-red-900 dark:bg-red-950 dark:text-red-100'
          : 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      {text}
    </p>
  );
}
