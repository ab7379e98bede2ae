/**
 * Share Event (docs/product/events.md "Screens"): the device's share sheet (Web Share) with the event's
 * title and text; where there is none, or it fails, the page's link is copied to the clipboard. A member
 * closing the share sheet is not an error.
 */
export interface ShareContent {
  title: string;
  text: string;
  url: string;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The parts of `navigator` sharing uses, so tests can pass their own. */
export interface ShareTarget {
  share?: (data: ShareContent) => Promise<void>;
  canShare?: (data: ShareContent) => boolean;
  clipboard?: { writeText(text: string): Promise<void> };
}

export async function shareOrCopy(content: ShareContent, target: ShareTarget): Promise<ShareOutcome> {
  if (typeof target.share === 'function' && (target.canShare?.(content) ?? true)) {
    try {
      await target.share(content);
      return 'shared';
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
      // NotAllowedError (no user gesture left), a failing share target…: copy instead.
    }
  }
  try {
    if (!target.clipboard) return 'failed';
    await target.clipboard.writeText(content.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
