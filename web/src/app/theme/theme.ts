/**
 * Light / dark / system theme. The choice is a UI preference, not member data, so it lives in
 * localStorage ('ui-theme') rather than Dexie; index.html reads the same key before first paint.
 */
import { create } from 'zustand';

export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'ui-theme';
const THEME_COLORS = { light: '#3f6212', dark: '#1c1917' } as const;

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    // Private mode or blocked storage: fall back to the OS preference.
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
}

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Not persisted, but still applied for this visit.
    }
    applyTheme(theme);
    set({ theme });
  },
}));
