// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The auth feature is another team's; stub its surface so these tests exercise only the shell.
vi.mock('@web/features/auth', () => ({
  HeaderAuth: () => <button type="button">Login</button>,
  AuthDialogs: () => null,
  useAuthBootstrap: () => undefined,
}));
vi.mock('@web/db/current-user', () => ({ useCurrentUser: () => ({ user: null, loading: false }) }));

const { AppRoutes } = await import('./routes');

/** What the tests read and drive: the router's current location and its navigate function. */
interface RouterProbe {
  location: Location;
  navigate: NavigateFunction;
}

function Probe({ onRender }: { onRender: (probe: RouterProbe) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onRender({ location, navigate });
  }, [onRender, location, navigate]);
  return null;
}

function renderApp(path: string) {
  const probe: Partial<RouterProbe> = {};
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Probe onRender={(current) => Object.assign(probe, current)} />
    </MemoryRouter>,
  );
  return { probe, unmount: view.unmount };
}

function renderAt(path: string) {
  const { probe } = renderApp(path);
  return {
    get location(): Location {
      if (!probe.location) throw new Error('the router has not rendered');
      return probe.location;
    },
    navigate: (to: string) => act(() => probe.navigate?.(to)),
  };
}

/** Lazy pages are transformed on first import, which can take seconds on a busy machine. */
function findH1(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 8000 });
}

/** The desktop nav row (the mobile panel is `hidden` until the menu button is pressed). */
function desktopNav() {
  const navs = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
  const bar = navs.find((nav) => !nav.hasAttribute('hidden'));
  if (!bar) throw new Error('no visible main nav');
  return bar;
}

beforeEach(() => {
  window.scrollTo = vi.fn();
});
// No vitest globals here, so Testing Library can't register its own cleanup.
afterEach(cleanup);

describe('router and layout', () => {
  it('highlights the current route in the navigation, including nested paths', async () => {
    renderAt('/forum/post/12');
    // The post page shows its way back while it loads (and after: 'Post not found').
    await screen.findByRole('link', { name: 'Back to Forum' }, { timeout: 8000 });
    const nav = desktopNav();
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: /Digger's Match/ })).toHaveTextContent('PREMIUM');
  });

  it('moves the highlight when the member navigates', async () => {
    renderAt('/');
    await findH1('History Unearthed');
    const nav = desktopNav();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Finds Gallery' }));
    await findH1('Treasure Finds Gallery');
    expect(within(nav).getByRole('link', { name: 'Finds Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('redirects /detecting-map to /map, keeping the query', async () => {
    const router = renderAt('/detecting-map?lat=51.5&lng=-0.1');
    await findH1('Detecting Map');
    expect(router.location.pathname).toBe('/map');
    expect(router.location.search).toBe('?lat=51.5&lng=-0.1');
  });

  it('renders the 404 page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(await findH1('404 - Page Not Found')).toBeInTheDocument();
  });

  it('serves the extra pages we add (docs/spec-differences.md#pages-and-navigation)', async () => {
    for (const [path, heading] of [
      ['/guides', 'Detecting guides'],
      ['/equipment', 'Equipment guide'],
      ['/legal', 'Detecting and the law'],
      ['/diggers-match', "Digger's Match"],
      ['/events/create', 'Create New Event'],
    ] as const) {
      const { unmount } = renderApp(path);
      expect(await findH1(heading)).toBeInTheDocument();
      unmount();
    }
  });

  it('/login is the sign-in page, not a dialog over the home page', async () => {
    const router = renderAt('/login?next=%2Fsafety');
    await findH1('Sign in');
    expect(router.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('/profile/edit asks a signed-out visitor to log in', async () => {
    renderAt('/profile/edit');
    expect(await findH1('Edit Your Profile')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Not Logged In' })).toBeInTheDocument();
  });

  it('updates the canonical link and the title on navigation', async () => {
    const router = renderAt('/guides');
    await findH1('Detecting guides');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/guides',
    );
    expect(document.title).toBe('Detecting Guides · DigQuest');
    await router.navigate('/events?filter=past');
    await findH1('Detecting Events');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/events',
    );
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('opens and closes the mobile menu', async () => {
    renderAt('/');
    await findH1('History Unearthed');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getAllByRole('navigation', { name: 'Main' }).find((nav) => nav.id);
    if (!panel) throw new Error('no panel');
    await userEvent.click(within(panel).getByRole('link', { name: 'Wellbeing' }));
    await findH1('Wellbeing Hub');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
