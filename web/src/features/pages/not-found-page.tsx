import { ArrowLeft, Gem, Home, Map, MessagesSquare } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

const LINKS = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/forum', label: 'Forum', icon: MessagesSquare },
  { to: '/finds', label: 'Finds Gallery', icon: Gem },
  // The product's link; the router redirects it to /map (docs/spec-differences.md#pages-and-navigation).
  { to: '/detecting-map', label: 'Detecting Map', icon: Map },
];

/** docs/product/pages.md#404: '404 - Page Not Found' with links home, forum, finds, map and a way back. */
export function NotFoundPage() {
  const navigate = useNavigate();
  // With no in-app history (a typed or shared URL) "back" would leave DigQuest, so go home instead.
  // React Router gives the first entry of a session the key 'default'.
  const canGoBack = useLocation().key !== 'default';

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
      {/* Large text: at least 3:1 against the page in both themes (WCAG 1.4.3). */}
      <p className="text-7xl font-black text-lime-700 dark:text-lime-500" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">404 - Page Not Found</h1>
      <p className="mt-3 text-lg text-stone-600 dark:text-stone-400">
        Nothing turned up at this spot. The page may have moved, or the link may be mistyped.
      </p>
      <Card className="mt-8 w-full p-4">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
          Try digging here instead
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={buttonClasses('outline', 'md', 'w-full')}>
                <Icon aria-hidden="true" /> {label}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <a
        href="/"
        onClick={(event) => {
          event.preventDefault();
          if (canGoBack) void navigate(-1);
          else void navigate('/');
        }}
        className={buttonClasses('link', 'md', 'mt-6')}
      >
        <ArrowLeft aria-hidden="true" /> Go back
      </a>
    </div>
  );
}
