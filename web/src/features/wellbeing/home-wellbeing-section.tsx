/**
 * Home → Wellbeing (docs/product/home.md, docs/product/stories.md "Screens"): the mental and physical
 * benefit cards, the three newest community stories (the three sample stories only while there are none),
 * Share Your Story (disabled, with its reason, when signed out) and a read-more link to /wellbeing. The app
 * shell hands this section to the home page (features do not import each other).
 *
 * The heading and its words are here; the rest (home-wellbeing-body.tsx: the cards, the stories with their
 * like buttons, reading Dexie) loads as the section comes near the screen, far below the fold on a phone, so
 * a first visit that does not scroll down does not download it.
 */
import { Heart } from 'lucide-react';
import { lazyParts } from '@web/components/ui/lazy-parts';
import { useNearViewport } from '@web/lib/near-viewport';

const bodyParts = lazyParts(() => import('./home-wellbeing-body'));

export function HomeWellbeingSection() {
  const [holder, near] = useNearViewport<HTMLDivElement>();
  const parts = bodyParts.useParts(near);
  return (
    <section aria-labelledby="wellbeing" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="wellbeing" className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Heart className="size-7 text-amber-700" aria-hidden="true" /> Wellbeing
        </h2>
        <p className="max-w-3xl text-stone-700 dark:text-stone-300">
          Detecting gets you outside, walking and noticing, often in good company. Here is why it is good for
          you, and what members say it has done for them.
        </p>
      </div>
      {parts ? <parts.HomeWellbeingBody /> : <div ref={holder} className="min-h-96" aria-hidden="true" />}
    </section>
  );
}
