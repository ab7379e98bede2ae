/**
 * How urgently a card's photo loads: the gallery's first row is on screen at once and its first photo is
 * usually the page's largest paint (LCP), so that row loads eagerly and the first photo with
 * fetchpriority="high"; every later row waits until it scrolls near (loading="lazy").
 */
import { createContext } from 'react';

export type ImagePriority = 'high' | 'eager' | 'lazy';

export const ImagePriorityContext = createContext<ImagePriority>('lazy');

/** The priority of the card at `index` (0-based, over the whole list) in a grid of `columns`. */
export function imagePriority(index: number, columns: number): ImagePriority {
  if (index === 0) return 'high';
  return index < columns ? 'eager' : 'lazy';
}
