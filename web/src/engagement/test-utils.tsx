/**
 * Shared setup for the component tests of features that use the engagement module: a signed-in member,
 * a comment under a parent as its feature's descriptor names the parent's fields, and rendering with the
 * router and the toaster (jsdom tests).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster } from '@web/components/ui/toast';
import type { CommentRecord, EngagementDescriptor, LikeRecord, ParentRecord } from './descriptor';

export const member: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};

export function renderWithToaster(node: ReactNode) {
  render(
    <MemoryRouter>
      {node}
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** 'Lovely coin' by the member (id 11) under `parent`; `extra` overrides any field. */
export function commentUnder<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>(
  engagement: EngagementDescriptor<P, C, L>,
  parent: P,
  extra: Partial<C> = {},
): C {
  const { key, idKey } = engagement.comments.parent;
  const comment: unknown = {
    id: 11,
    uid: '0192f000-0000-7000-8000-000000000011',
    [idKey]: parent.id,
    [key]: parent.uid,
    userId: member.id,
    username: member.username,
    content: 'Lovely coin',
    created_at: '2024-03-05T11:00:00Z',
    ...extra,
  };
  if (!engagement.comments.is(comment)) throw new Error('not a comment of this parent');
  return comment;
}
