// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

function renderNotFound(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/forum', element: <h1>Forum page</h1> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('404 page', () => {
  it('shows the spec heading and links to Home, Forum, Finds Gallery and Detecting Map', () => {
    renderNotFound(['/nowhere']);
    expect(screen.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forum' })).toHaveAttribute('href', '/forum');
    expect(screen.getByRole('link', { name: 'Finds Gallery' })).toHaveAttribute('href', '/finds');
    expect(screen.getByRole('link', { name: 'Detecting Map' })).toHaveAttribute('href', '/detecting-map');
    expect(screen.getByRole('link', { name: 'Go back' })).toBeInTheDocument();
  });

  it('goes back to the previous in-app page', async () => {
    const router = renderNotFound(['/forum', '/nowhere']);
    await userEvent.click(screen.getByRole('link', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Forum page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forum');
  });

  it('goes home when there is no in-app history to go back to', async () => {
    const router = renderNotFound(['/nowhere']);
    await userEvent.click(screen.getByRole('link', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
