/** Helpers for the stories tests (never imported by the app). */
import type { Story } from '@schema/contracts/stories';
import { OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import type { TestClient } from '../../sync/test-fixtures';

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

/** The official DigQuestor account (id 1), signed in: the moderator. */
export async function official(t: TestApp): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/users/login', { username: 'DigQuestor', password: OFFICIAL_PASSWORD });
  if (res.status !== 200) throw new Error(`official login: ${res.status} ${res.text}`);
  return client;
}

export const errorOf = (res: { status: number; json: { message?: string } | undefined }) => [
  res.status,
  res.json?.message,
];
