import { Gem, MessagesSquare, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';

/**
 * The home page's first block and its largest paint. `hero-backdrop` (index.css) layers the photo over a
 * gradient that keeps the white text readable when the photo is missing offline. index.html paints the
 * same block, without the buttons, before the app's code arrives: keep the two alike.
 */
export function Hero() {
  const { user, loading } = useCurrentUser();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);

  return (
    <section aria-labelledby="hero-title" className="hero-backdrop relative bg-stone-900 text-white">
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center px-4 py-16 sm:min-h-[30rem]">
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight drop-shadow sm:text-6xl">
          History Unearthed
        </h1>
        <p className="mt-4 max-w-xl text-lg text-stone-100 drop-shadow sm:text-xl">
          Join our community of detectorists, improving wellbeing one find at a time.
        </p>
        {/* Nothing until the stored session is read, so members never see a flash of "Join". */}
        <div className="mt-8 flex min-h-12 flex-wrap gap-3">
          {loading ? null : user ? (
            <>
              <Link to="/forum" className={buttonClasses('accent', 'lg')}>
                <MessagesSquare aria-hidden="true" /> Visit Forum
              </Link>
              <Link to="/finds" className={buttonClasses('inverse', 'lg')}>
                <Gem aria-hidden="true" /> Browse Finds
              </Link>
            </>
          ) : (
            <Button size="lg" variant="accent" onClick={() => openAuthDialog('signUp')}>
              <Users aria-hidden="true" /> Join Our Community
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
