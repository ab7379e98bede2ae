/** Helpers for the stories tests (never imported by the app). */
import type { Story } from '@schema/contracts/stories';
import type { TestClient } from '../../sync/test-fixtures';

export { errorOf, official } from '../../sync/test-fixtures';

export const storyBody = (extra: Record<string, unknown> = {}) => ({
  content: 'Two hours in a stubble field and my head was finally quiet.\nThen a button turned up.',
  yearsDetecting: 4,
  ...extra,
});

/** Shares a story over REST and returns its wire JSON. */
export async function shareStory(client: TestClient, extra: Record<string, unknown> = {}): Promise<Story> {
  const res = await client.post('/api/stories', storyBody(extra));
  if (res.status !== 201) throw new Error(`share story: ${res.status} ${res.text}`);
  return res.json as Story;
}
