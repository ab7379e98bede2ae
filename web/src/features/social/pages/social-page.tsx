/**
 * The Social Dashboard (docs/product/social.md "Screens", /social). Signed out: 'Authentication Required'
 * and why. Signed in: Profile Settings, Find Users, the four stat tiles, and the tabs Activity Feed,
 * Connections and Messages (`?tab=messages`; the Messages tab reads the device, see messages-tab.tsx). Everything here is counted or joined by the server, so it is
 * read online; offline each part says it needs a connection.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SelfUser } from '@schema/contracts/users';
import type { ConnectionsAnswer, FeedItem, SocialStats } from '@schema/contracts/social';
import { socialMessages } from '@schema/contracts/social-constants';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/db/current-user';
import { usePageMeta } from '@web/lib/page-meta';
import { useUiStore } from '@web/lib/ui-store';
import { ConnectionsList } from '../components/connections-list';
import { FeedList } from '../components/feed-list';
import { FindUsersDialog } from '../components/find-users-dialog';
import { MessagesTab } from '../components/messages-tab';
import { ProfileSettingsDialog } from '../components/profile-settings-dialog';
import { StatTiles } from '../components/stat-tiles';
import { useRemote } from '../hooks/use-remote';
import { GroupsTab } from '../groups/groups-tab';

const TABS = [
  ['feed', 'Activity Feed'],
  ['connections', 'Connections'],
  ['groups', 'Groups'],
  ['messages', 'Messages'],
] as const;
type Tab = (typeof TABS)[number][0];
const isTab = (value: string | null): value is Tab => TABS.some(([id]) => id === value);

function SignedOut() {
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl bg-stone-100 p-6 dark:bg-stone-800">
      <h2 className="text-xl font-bold">{socialMessages.authRequiredTitle}</h2>
      <p className="text-stone-700 dark:text-stone-300">{socialMessages.authRequired}</p>
      <Button onClick={() => openAuthDialog('signIn')}>Log In</Button>
    </div>
  );
}

function Dashboard({ user }: { user: SelfUser }) {
  // `?tab=messages` opens Messages (linked from profiles and the header's badge); the feed otherwise.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'feed';
  const setTab = (id: Tab) => setParams(id === 'feed' ? {} : { tab: id });
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const stats = useRemote<SocialStats>('/api/social/stats', version);
  const connections = useRemote<ConnectionsAnswer>('/api/social/connections', version);
  const feed = useRemote<FeedItem[]>('/api/social/feed', version);
  const following = new Set(
    connections.state === 'ready' ? connections.value.following.map((m) => m.id) : [],
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap justify-end gap-2">
        <ProfileSettingsDialog user={user} />
        <FindUsersDialog following={following} onChange={changed} />
      </div>
      <StatTiles stats={stats} />
      <div
        role="tablist"
        aria-label="Social"
        // Four tabs on a phone: smaller labels keep them on one line; a narrower screen scrolls the row.
        className="flex gap-0 overflow-x-auto border-b border-stone-200 sm:gap-2 dark:border-stone-700"
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            id={`tab-${id}`}
            role="tab"
            type="button"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-4 sm:text-base ${tab === id ? 'border-amber-600 text-amber-800 dark:text-amber-400' : 'border-transparent text-stone-600 dark:text-stone-400'}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'feed' ? <FeedList key={version} first={feed} /> : null}
        {tab === 'connections' ? <ConnectionsList connections={connections} onChange={changed} /> : null}
        {tab === 'messages' ? <MessagesTab user={user} /> : null}
        {tab === 'groups' ? <GroupsTab viewerId={user.id} /> : null}
      </div>
    </div>
  );
}

export function SocialPage() {
  usePageMeta({
    title: socialMessages.heading,
    description: 'Follow other detectorists and see what they have been finding.',
  });
  const { user, loading } = useCurrentUser();
  return (
    // At least the screen's height: the footer starts below the fold, so it cannot jump when the sign-in
    // box or the dashboard replaces the spinner, or when the feed arrives.
    <PageContainer className="flex min-h-dvh max-w-4xl flex-col gap-6">
      <PageHeader
        title={socialMessages.heading}
        description="Follow other detectorists and keep up with their finds, posts, events and stories."
        actions={
          <Link to="/achievements" className={buttonClasses('outline')}>
            Achievements
          </Link>
        }
      />
      {loading ? <Spinner /> : user ? <Dashboard user={user} /> : <SignedOut />}
    </PageContainer>
  );
}
