/** Home's closing section: links into the rest of the app. (Community: community-section.tsx.) */
import { Map, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {action}
    </div>
  );
}

const EXPLORE: { to: string; title: string; text: string; icon: LucideIcon; tone: string }[] = [
  {
    to: '/map',
    title: 'Detecting Map',
    text: 'Keep your spots private, find group digs, and use it without signal.',
    icon: Map,
    tone: 'bg-lime-50 text-lime-900 dark:bg-lime-950/40 dark:text-lime-100',
  },
  {
    to: '/social?tab=groups',
    title: 'Join Detecting Groups',
    text: 'Find people to detect with near you.',
    icon: Users,
    tone: 'bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
  },
];

export function ExploreSection() {
  return (
    <section aria-labelledby="explore" className="space-y-4">
      <SectionHeading id="explore" title="Explore DigQuest" />
      <ul className="grid gap-4 md:grid-cols-2">
        {EXPLORE.map(({ to, title, text, icon: Icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className={`flex h-full items-start gap-4 rounded-xl p-5 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 ${tone}`}
            >
              <Icon className="mt-0.5 size-7 shrink-0" aria-hidden="true" />
              <span>
                <span className="block text-lg font-semibold">{title}</span>
                <span className="mt-1 block opacity-85">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
