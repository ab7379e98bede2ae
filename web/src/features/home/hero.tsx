import { Gem, MessagesSquare, Users } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { HERO_IMAGE_URL } from './hero-image';

/**
 * The photo is layered over a gradient: if the photo is missing or can't load offline, the gradient
 * alone still gives the white text enough contrast.
 */
const HERO_BACKGROUND = {
  backgroundImage: `linear-gradient(to bottom, rgb(28 25 23 / 0.55), rgb(28 25 23 / 0.7)), url(${HERO_IMAGE_URL}), linear-gradient(135deg, #3f6212 0%, #365314 45%, #78350f 100%)`,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
} satisfies CSSProperties;

export function Hero() {
  const { user, loading } = useCurrentUser();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);

  return (
    <section
      aria-labelledby="hero-title"
      className="relative bg-stone-900 text-white"
      style={HERO_BACKGROUND}
    >
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
