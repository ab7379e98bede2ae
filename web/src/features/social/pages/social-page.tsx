/**
 * The Social Dashboard (docs/product/social.md "Screens", /social). Signed out: 'Authentication Required'
 * and why. Signed in: Find Users, the four stat tiles, and the tabs Activity Feed and Connections. Groups
 * and Messages are later work and not shown. Everything here is counted or joined by the server, so it is
 * read online; offline each part says it needs a connection.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { StatTiles } from '../components/stat-tiles';
import { useRemote } from '../hooks/use-remote';
import { GroupsTab } from '../groups/groups-tab';

const TABS = [
  ['feed', 'Activity Feed'],
  ['connections', 'Connections'],
  ['groups', 'Groups'],
] as const;
type Tab = (typeof TABS)[number][0];

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

function Dashboard({ viewerId }: { viewerId: number }) {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'groups' ? 'groups' : 'feed');
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
      <div className="self-end">
        <FindUsersDialog following={following} onChange={changed} />
      </div>
      <StatTiles stats={stats} />
      <div
        role="tablist"
        aria-label="Social"
        className="flex gap-2 border-b border-stone-200 dark:border-stone-700"
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            id={`tab-${id}`}
            role="tab"
            type="button"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            className={`-mb-px border-b-2 px-4 py-2 font-medium ${tab === id ? 'border-amber-600 text-amber-800 dark:text-amber-400' : 'border-transparent text-stone-600 dark:text-stone-400'}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'feed' ? (
          <FeedList key={version} first={feed} />
        ) : tab === 'groups' ? (
          <GroupsTab viewerId={viewerId} />
        ) : (
          <ConnectionsList connections={connections} onChange={changed} />
        )}
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
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        title={socialMessages.heading}
        description="Follow other detectorists and keep up with their finds, posts, events and stories."
        actions={
          <Link to="/achievements" className={buttonClasses('outline')}>
            Achievements
          </Link>
        }
      />
      {loading ? <Spinner /> : user ? <Dashboard viewerId={user.id} /> : <SignedOut />}
    </PageContainer>
  );
}
