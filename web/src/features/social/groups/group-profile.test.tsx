// @vitest-environment jsdom
/**
 * A group's cover, tags and rules (docs/product/social.md "Groups") against the real server in process:
 * the group's page shows the cover across the top, the tags and the rules; its card shows the cover small
 * and the tags; the creator's Edit Group dialog checks the tags with the contract's messages and saves them
 * and the rules as a queued write that reaches the server.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { sha256Hex } from '@web/sync/blob-store';
import { appFetch, createTestApp, jpegBytes, member, type Member, type TestApp } from '@web/sync/test-utils';
import { GroupPage } from '../pages/group-page';
import { GroupCard } from './group-card';
import { GroupFormDialog } from './group-form-dialog';


let t: TestApp;
let creator: Member;
let visitor: Member;
let group: Group;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  creator = await member(t, 'covered');
  visitor = await member(t, 'visitor');
  // Uploaded and re-encoded by the server (a raw-bytes upload: jsdom's FormData does not reach the app).
  const bytes = await jpegBytes(5, 600, 200);
  const upload = await appFetch(t, () => creator.cookie)(`/api/sync/blobs/${await sha256Hex(bytes)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  const { url: imageUrl } = (await upload.json()) as { url: string };
  const res = await appFetch(t, () => creator.cookie)('/api/groups', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Saxon Seekers',
      coverImageUrl: imageUrl,
      tags: ['Saxon', 'Beginners'],
      rules: 'Fill every hole.\nAsk the landowner first.',
    }),
  });
  group = (await res.json()) as Group;
});
afterAll(() => t.close());

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => cookie),
  );
  await db.open();
});
afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signIn(who: Member) {
  cookie = who.cookie;
  await db.session.put({ key: 'current', user: who.user, checkedAt: '' });
}

describe('cover, tags and rules', () => {
  it('the page shows the cover, the tags and the rules', async () => {
    await signIn(visitor);
    render(
      <MemoryRouter initialEntries={[`/groups/${group.uid}`]}>
        <Routes>
          <Route path="/groups/:id" element={<GroupPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Saxon Seekers' })).toBeInTheDocument();
    expect(screen.getByTestId('group-cover')).toHaveAttribute('src', group.coverImageUrl);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Saxon', 'Beginners']);
    const rules = screen.getByRole('region', { name: 'Group rules' });
    expect(rules).toHaveTextContent('Fill every hole. Ask the landowner first.');
  });

  it('the card shows the cover small and the tags', async () => {
    await signIn(visitor);
    render(
      <MemoryRouter>
        <GroupCard group={group} user={visitor.user} onChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('group-cover').getAttribute('src')).toBe(
      group.coverImageUrl?.replace('.webp', '-thumb.webp'),
    );
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('Saxon')).toBeInTheDocument();
  });

  it('Edit Group: tags checked with the contract’s messages, then saved with the rules and synced', async () => {
    await signIn(creator);
    await db.groups.put({ ...group, userId: creator.user.id });
    const saved = vi.fn();
    render(
      <MemoryRouter>
        <GroupFormDialog
          open
          onOpenChange={() => undefined}
          group={group}
          user={creator.user}
          onSaved={saved}
        />
        <Toaster />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const tags = await screen.findByLabelText('Tags (optional)');
    expect(tags).toHaveValue('Saxon, Beginners');
    await user.clear(tags);
    await user.type(tags, 'a, b, c, d, e, f');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(groupMessages.tooManyTags);
    await user.clear(tags);
    await user.type(tags, 'Roman, roman');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(groupMessages.tagsRepeated);
    expect(saved).not.toHaveBeenCalled();

    await user.clear(tags);
    await user.type(tags, 'Roman, Beach ');
    const rules = screen.getByLabelText('Rules (optional)');
    await user.clear(rules);
    await user.type(rules, 'No digging on Sundays.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(await db.groups.get(group.uid)).toMatchObject({
      tags: ['Roman', 'Beach'],
      rules: 'No digging on Sundays.',
      coverImageUrl: group.coverImageUrl,
    });
    await waitFor(async () => {
      const res = await appFetch(t, () => creator.cookie)(`/api/groups/${group.id}`);
      expect(await res.json()).toMatchObject({ tags: ['Roman', 'Beach'], rules: 'No digging on Sundays.' });
    });
  });
});
