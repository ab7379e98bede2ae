import { useEffect, type ReactNode } from 'react';
import { applyTheme, useThemeStore } from './theme';

/** Applies the chosen theme and, while it is 'system', follows OS changes (e.g. sunset auto dark mode). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useThemeStore((s) => s.theme);

  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  return <>{children}</>;
}
