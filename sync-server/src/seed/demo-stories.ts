/**
 * The demo community's wellbeing stories (`npm run seed:demo`; docs/product/stories.md): a few members on
 * what detecting has done for them, with a like or two, written as members would and logged as their
 * writes are (uids, change-log rows, counters equal to the rows behind them).
 */
import { uuidv7 } from 'uuidv7';
import { stories, storyLikes } from '@schema/db/tables';
import { insertedRow } from '../lib/query';
import { recordChange } from '../sync/changelog';
import type { Store } from '../sync/registry';
import type { DemoUsername } from './demo-data/content';

export interface DemoStory {
  author: DemoUsername;
  yearsDetecting: number | null;
  daysAgo: number;
  content: string;
  likedBy: DemoUsername[];
}

export const DEMO_STORIES: DemoStory[] = [
  {
    author: 'CoinQuestCarys',
    yearsDetecting: 2,
    daysAgo: 40,
    content:
      'I started detecting after a rough patch at work. Two hours on a field with nothing but the beeps and the rooks, and my head is quieter than it has been in months.\nThe finds are a bonus; the walking is the point.',
    likedBy: ['FieldWalkerFran', 'RelicRaj'],
  },
  {
    author: 'RelicRaj',
    yearsDetecting: 9,
    daysAgo: 18,
    content:
      'Our club’s beginners’ days have brought in people who had not left the house much in years. Watching someone dig their first button and grin like a child never gets old.',
    likedBy: ['HammeredHarry'],
  },
  {
    author: 'BeachcomberBen',
    yearsDetecting: null,
    daysAgo: 3,
    content:
      'Low tide at dawn, a flask of tea and the whole beach to myself. Whatever the week has been, the sea resets it.',
    likedBy: [],
  },
];

/** Inserts the demo stories and their likes; answers how many stories it added. */
export async function seedDemoStories(
  tx: Store,
  idOf: (username: DemoUsername) => number,
  now: number,
): Promise<number> {
  for (const story of DEMO_STORIES) {
    const createdAt = new Date(now - story.daysAgo * 86_400_000).toISOString();
    const row = await insertedRow(
      tx
        .insert(stories)
        .values({
          uid: uuidv7(),
          content: story.content,
          userId: idOf(story.author),
          yearsDetecting: story.yearsDetecting,
          likeCount: story.likedBy.length,
          createdAt,
        })
        .returning({ id: stories.id, uid: stories.uid, userId: stories.userId }),
    );
    for (const liker of story.likedBy)
      await tx.insert(storyLikes).values({ storyId: row.id, userId: idOf(liker), createdAt });
    await recordChange(tx, 'stories', row.id, row.uid, 'upsert', { ownerId: row.userId });
  }
  return DEMO_STORIES.length;
}
