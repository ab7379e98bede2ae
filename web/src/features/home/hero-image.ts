/**
 * The hero photo: the home page's largest paint. It is a CSS background, which the browser only finds once
 * the page's code has run, so a visit that lands on `/` asks for it from main.tsx as soon as the app starts.
 * Kept in its own module so that hint does not bring the home page into the first download.
 */
export const HERO_IMAGE_URL = '/images/hero.jpg';

/** On `/`, adds a high-priority preload of the hero photo (the CSS background then finds it cached). */
export function preloadHeroImageOnHome(): void {
  if (window.location.pathname !== '/') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = HERO_IMAGE_URL;
  link.fetchPriority = 'high';
  document.head.append(link);
}
