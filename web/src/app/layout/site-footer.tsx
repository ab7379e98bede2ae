import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from './logo';

const QUICK_LINKS = [
  { to: '/forum', label: 'Community Forum' },
  { to: '/finds', label: 'Finds Gallery' },
  { to: '/map', label: 'Detecting Map' },
  { to: '/events', label: 'Events' },
];

const RESOURCES = [
  { to: '/wellbeing', label: 'Wellbeing' },
  { to: '/guides', label: 'Detecting Guides' },
  { to: '/equipment', label: 'Equipment' },
  { to: '/legal', label: 'Legal & the Treasure Act' },
];

export const CONTACT_EMAIL = 'hello@digquest.app';

const linkClass =
  'inline-flex min-h-11 items-center rounded text-stone-700 hover:text-lime-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:text-stone-300 dark:hover:text-lime-400';

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-stone-900 uppercase dark:text-stone-100">
        {title}
      </h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-100 pb-[env(safe-area-inset-bottom)] dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded focus-visible:ring-2 focus-visible:ring-lime-600"
          >
            <Logo className="size-8" />
            <span className="text-lg font-extrabold text-lime-800 dark:text-lime-400">DigQuest</span>
          </Link>
          <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">
            A community for detectorists: log finds even without signal, talk detecting and look after your
            wellbeing, one find at a time.
          </p>
        </div>
        <LinkColumn title="Quick links" links={QUICK_LINKS} />
        <LinkColumn title="Resources" links={RESOURCES} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-stone-900 uppercase dark:text-stone-100">
            Contact
          </h2>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            Questions, ideas or a problem with the app? We read every message.
          </p>
          <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} gap-2`}>
            <Mail className="size-4" aria-hidden="true" />
            {CONTACT_EMAIL}
          </a>
        </div>
      </div>
      <div className="border-t border-stone-200 dark:border-stone-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-stone-600 dark:text-stone-400">
          © {new Date().getFullYear()} DigQuest. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
