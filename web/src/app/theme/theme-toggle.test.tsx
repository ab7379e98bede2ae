// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, readStoredTheme, useThemeStore } from './theme';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

function renderToggle() {
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

async function choose(option: 'Light' | 'Dark' | 'System') {
  await userEvent.click(screen.getByRole('button', { name: /Colour theme/ }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  useThemeStore.setState({ theme: 'system' });
});
afterEach(cleanup);

describe('theme toggle', () => {
  it('defaults to the system theme', () => {
    expect(readStoredTheme()).toBe('system');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Colour theme: System. Change theme' })).toBeInTheDocument();
  });

  it('persists the choice under ui-theme and applies the dark class', async () => {
    renderToggle();
    await choose('Dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Colour theme: Dark. Change theme' })).toBeInTheDocument();

    await choose('Light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('restores a stored choice on the next visit', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    useThemeStore.setState({ theme: readStoredTheme() });
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('system');
  });
});
