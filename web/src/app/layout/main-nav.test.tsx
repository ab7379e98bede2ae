// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { MainNav } from './main-nav';

describe('MainNav', () => {
  it.each(['bar', 'panel'] as const)(
    'the %s (desktop row and phone menu) links Events, after the map, marked current on /events',
    (variant) => {
      render(
        <MemoryRouter initialEntries={['/events']}>
          <MainNav variant={variant} />
        </MemoryRouter>,
      );
      const labels = within(screen.getByRole('list'))
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(labels.slice(0, 5)).toEqual(['Home', 'Community', 'Finds Gallery', 'Detecting Map', 'Events']);
      const events = screen.getByRole('link', { name: 'Events' });
      expect(events).toHaveAttribute('href', '/events');
      expect(events).toHaveAttribute('aria-current', 'page');
    },
  );
});
