/**
 * A reported record as the queue shows it: a heading, an excerpt and where it lives in the app, read from
 * the record as other members see it (the entity's pull shape; docs/moderation.md "The queue").
 */
import { reportableEntities, type ReportableEntity } from '@schema/contracts/moderation';

export interface RecordView {
  heading: string | null;
  excerpt: string | null;
  href: string | null;
}

const EXCERPT = 400;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const idOrUid = (value: unknown): string | null =>
  typeof value === 'number' || typeof value === 'string' ? encodeURIComponent(String(value)) : null;

/** Where each kind is opened; comments open their parent's page, private kinds nowhere. */
function hrefOf(entity: ReportableEntity, id: number, record: Record<string, unknown>): string | null {
  const parent = (key: string, base: string) => {
    const ref = idOrUid(record[key]);
    return ref === null ? null : `${base}${ref}`;
  };
  switch (entity) {
    case 'finds':
      return `/finds/${id}`;
    case 'posts':
      return `/forum/post/${id}`;
    case 'events':
      return `/events/${id}`;
    case 'stories':
      return `/wellbeing/stories/${id}`;
    case 'groups':
      return parent('uid', '/groups/');
    case 'users':
      return `/users/${id}`;
    case 'find_comments':
      return parent('findUid', '/finds/');
    case 'comments':
      return parent('postUid', '/forum/post/');
    case 'event_comments':
      return parent('eventUid', '/events/');
    case 'story_comments':
      return parent('storyUid', '/wellbeing/stories/');
    case 'group_comments':
      return parent('groupUid', '/groups/');
    default:
      // Spots, routes and messages have no page others can open.
      return null;
  }
}

export function recordView(
  entity: ReportableEntity,
  id: number,
  record: Record<string, unknown> | null,
): RecordView {
  if (record === null) return { heading: null, excerpt: null, href: null };
  const heading = str(record.title) ?? str(record.name) ?? str(record.username);
  const text = str(record.content) ?? str(record.description) ?? str(record.bio) ?? str(record.notes);
  const excerpt = text && text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  return { heading, excerpt, href: hrefOf(entity, id, record) };
}

export const isReportableName = (entity: string): entity is ReportableEntity =>
  (reportableEntities as readonly string[]).includes(entity);
