/**
 * The colour theme the page shows (the `dark` class the app's theme provider sets on <html>), followed as
 * it changes, so the map's style matches the page. Read from the document: features do not import the app.
 */
import { useEffect, useState } from 'react';
import type { MapTheme } from '../model/shipped-style';

function documentTheme(): MapTheme {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark')
    ? 'dark'
    : 'light';
}

export function useDocumentTheme(): MapTheme {
  const [theme, setTheme] = useState<MapTheme>(documentTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(documentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
