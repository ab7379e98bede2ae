/** The header's account corner (docs/product/overview.md): Sign in / Sign up, or the member's menu. */
import {
  ChevronDown,
  Gavel,
  Hourglass,
  LogOut,
  Radar,
  Settings,
  ShieldCheck,
  Trophy,
  UserPen,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SelfUser } from '@schema/contracts/users';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { logout } from '../hooks/auth-requests';
import { useLogoutGuard } from '../hooks/use-logout-guard';

export function HeaderAuth() {
  const { user, loading } = useCurrentUser();
  // Reserve the space while IndexedDB answers, so the header does not jump.
  if (loading) return <div className="h-11 w-24" aria-hidden="true" />;
  return user ? <MemberMenu user={user} /> : <SignedOutButtons />;
}

function SignedOutButtons() {
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  return (
    <div className="flex items-center gap-2">
      <Button variant="ghost" size="sm" className="min-h-11" onClick={() => openAuthDialog('signIn')}>
        Sign in
      </Button>
      <Button size="sm" className="min-h-11" onClick={() => openAuthDialog('signUp')}>
        Sign up
      </Button>
    </div>
  );
}

/**
 * Whether the member moderates (their session carries no role): asked when the menu first opens — the
 * module and the request stay off the first page's path — and kept for the session (my-moderation.ts).
 */
function useModeratorItem(userId: number): { moderator: boolean; check(): void } {
  const [known, setKnown] = useState<{ userId: number; moderator: boolean } | null>(null);
  return {
    moderator: known?.userId === userId && known.moderator,
    check() {
      import('@web/components/moderation/my-moderation')
        .then((m) => m.loadMyModeration(userId))
        .then(
          (me) => setKnown({ userId, moderator: me.moderator }),
          () => undefined,
        );
    },
  };
}

function MemberMenu({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const guard = useLogoutGuard();
  const [confirming, setConfirming] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const { moderator, check } = useModeratorItem(user.id);

  async function doLogout() {
    setLoggingOut(true);
    try {
      await logout();
      setConfirming(false);
      void navigate('/');
    } catch {
      // Clearing only the local copy would leave the server session alive and sign the member back in.
      toast({
        title: 'Sign out failed',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <>
      <DropdownMenu onOpenChange={(open) => open && check()}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${user.username}`}>
            <UserAvatar username={user.username} avatarUrl={user.avatarUrl} size="sm" />
            {/* The name is hidden on the narrowest screens; the avatar and aria-label still identify the member. */}
            <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="truncate">{user.username}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void navigate('/profile/edit')}>
            <UserPen aria-hidden="true" /> Edit Profile
          </DropdownMenuItem>
          {/* The member's own badges and the tour; otherwise only reachable from Social or the home page. */}
          <DropdownMenuItem onSelect={() => void navigate('/achievements')}>
            <Trophy aria-hidden="true" /> Achievements
          </DropdownMenuItem>
          {/* Finds that may be Treasure, with their days left to report them (docs/treasure.md). */}
          <DropdownMenuItem onSelect={() => void navigate('/finds/reporting')}>
            <Hourglass aria-hidden="true" /> Treasure reporting
          </DropdownMenuItem>
          {/* What this device keeps offline and how much room it takes (the sync panel links there too). */}
          <DropdownMenuItem onSelect={() => void navigate('/settings/storage')}>
            <Settings aria-hidden="true" /> Settings
          </DropdownMenuItem>
          {/* Field warnings for protected sites and permission edges, with no signal (docs/permissions.md). */}
          <DropdownMenuItem onSelect={() => void navigate('/detecting')}>
            <Radar aria-hidden="true" /> Detecting now
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/safety')}>
            <ShieldCheck aria-hidden="true" /> Safe return
          </DropdownMenuItem>
          {/* Moderators and the official account only: the reports queue and the log (docs/moderation.md). */}
          {moderator ? (
            <DropdownMenuItem onSelect={() => void navigate('/moderation')}>
              <Gavel aria-hidden="true" /> Moderation
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem
            disabled={loggingOut}
            onSelect={() => (guard.warning ? setConfirming(true) : void doLogout())}
          >
            <LogOut aria-hidden="true" /> Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirming} onOpenChange={(open) => !loggingOut && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sign out?</DialogTitle>
            <DialogDescription>{guard.warning}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={loggingOut}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={loggingOut} onClick={() => void doLogout()}>
              {loggingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
