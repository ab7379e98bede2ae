import { NavLink } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';
import { NAV_ITEMS } from './nav-items';

interface MainNavProps {
  /** 'bar' is the desktop row; 'panel' is the stacked list inside the mobile menu. */
  variant: 'bar' | 'panel';
  onNavigate?: () => void;
}

/** NavLink sets aria-current="page" on the active item, which both styles and announces it. */
export function MainNav({ variant, onNavigate }: MainNavProps) {
  return (
    // The bar wraps rather than overflow on the narrowest desktop widths (nine items, one with a badge).
    <ul className={variant === 'bar' ? 'flex flex-wrap items-center gap-1' : 'flex flex-col gap-1'}>
      {NAV_ITEMS.map(({ to, label, icon: Icon, premium }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-2 rounded-lg font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600',
                variant === 'bar' ? 'px-2.5 text-sm whitespace-nowrap xl:px-3' : 'px-3 text-base',
                isActive
                  ? 'bg-lime-800 text-white dark:bg-lime-700'
                  : 'text-stone-700 hover:bg-stone-200/70 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white',
              )
            }
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span>{label}</span>
            {premium ? (
              <Badge variant="premium" className="tracking-wide">
                PREMIUM
              </Badge>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
