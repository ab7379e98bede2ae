// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DiggersMatchPage } from './diggers-match-page';
import { LegalPage } from './legal-page';

afterEach(cleanup);

describe('content pages', () => {
  it('Legal covers permission, the 14-day treasure rule, the PAS, scheduled monuments and Scotland', () => {
    render(
      <MemoryRouter>
        <LegalPage />
      </MemoryRouter>,
    );
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getAllByRole('link').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('heading', { name: /Landowner permission/ })).toBeInTheDocument();
    expect(screen.getByText(/Report possible treasure to the coroner within 14 days/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Portable Antiquities Scheme/ })).toBeInTheDocument();
    expect(screen.getByText(/Scheduled monuments are off-limits/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Scotland: Treasure Trove/ })).toBeInTheDocument();
  });

  it("Digger's Match shows four features, three steps, both plans and only disabled actions", () => {
    render(
      <MemoryRouter>
        <DiggersMatchPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4 + 3 + 2);
    expect(screen.getByText('$14.99')).toBeInTheDocument();
    expect(screen.getByText('$99.99')).toBeInTheDocument();
    expect(screen.getByText('Save 44%')).toBeInTheDocument();
    const comingSoon = screen.getAllByRole('button', { name: 'Coming Soon' });
    expect(comingSoon).toHaveLength(2);
    for (const button of comingSoon) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Join Waiting List' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  });
});
