// @vitest-environment jsdom
/**
 * What every navigation does for keyboard and screen-reader users, and what a record's page tells the
 * browser (docs/product/pages.md): focus on the new page's h1 with its title announced, never on the first
 * load or when a dialog is open; the record's own title and description instead of the route's.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import {
  MemoryRouter,
  matchRoutes,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageMeta } from '@web/lib/page-meta';
import { RouteMatchesContext } from '../route-matches';
import { DocumentTitle, RouteAnnouncer } from './route-effects';
import { SiteFooter } from './site-footer';

const routeTable = [
  { path: '/', handle: { title: undefined } },
  { path: '/finds', handle: { title: 'Finds Gallery' } },
  { path: '/finds/:id', handle: { title: 'Find' } },
];

function FindPage() {
  usePageMeta({
    title: 'Roman denarius of Hadrian',
    description: 'Found on the edge of a stubble field after rain. Silver, worn but legible.',
  });
  return <h1>Roman denarius of Hadrian</h1>;
}

const router: { navigate: NavigateFunction } = { navigate: () => undefined };
function Shell() {
  const location = useLocation();
  const navigateTo = useNavigate();
  useEffect(() => {
    router.navigate = navigateTo;
  }, [navigateTo]);
  const matches = matchRoutes(routeTable, location) ?? [];
  return (
    <RouteMatchesContext.Provider value={matches}>
      <a href="#main">Skip to content</a>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<h1>History Unearthed</h1>} />
          <Route path="/finds" element={<h1>Treasure Finds Gallery</h1>} />
          <Route path="/finds/:id" element={<FindPage />} />
          <Route
            path="/opens-a-dialog"
            element={
              <>
                <h1>History Unearthed</h1>
                <div role="dialog" aria-label="Sign in">
                  <input aria-label="Username" />
                </div>
              </>
            }
          />
        </Routes>
      </main>
      <DocumentTitle />
      <RouteAnnouncer />
    </RouteMatchesContext.Provider>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.title = '';
});

describe('route changes for keyboard and screen-reader users', () => {
  it('leaves the focus alone on the first page load', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'History Unearthed' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('moves the focus to the new page’s h1 and announces its title', async () => {
    renderAt('/');
    screen.getByRole('link', { name: 'Skip to content' }).focus();
    act(() => void router.navigate('/finds'));
    const heading = await screen.findByRole('heading', { name: 'Treasure Finds Gallery' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('status')).toHaveTextContent('Treasure Finds Gallery');
  });

  it('does not take the focus from a dialog that opened with the page', async () => {
    renderAt('/finds');
    act(() => void router.navigate('/opens-a-dialog'));
    const username = await screen.findByLabelText('Username');
    username.focus();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('History Unearthed'));
    expect(username).toHaveFocus();
  });
});

describe('a record’s page names itself', () => {
  it('titles the page and describes it with the record, not the route', async () => {
    renderAt('/finds');
    await waitFor(() => expect(document.title).toBe('Finds Gallery · DigQuest'));
    act(() => void router.navigate('/finds/12'));
    await waitFor(() => expect(document.title).toBe('Roman denarius of Hadrian · DigQuest'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Found on the edge of a stubble field after rain. Silver, worn but legible.',
    );
    act(() => void router.navigate('/finds'));
    await waitFor(() => expect(document.title).toBe('Finds Gallery · DigQuest'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).not.toMatch(
      /stubble/,
    );
  });
});

describe('the footer', () => {
  it('shows the current year', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(
      screen.getByText(`© ${new Date().getFullYear()} DigQuest. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
