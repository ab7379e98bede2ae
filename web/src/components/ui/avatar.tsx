import { useState } from 'react';
import { initialsOf } from '@schema/contracts/users-display';
import { cn } from './cn';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const sizeClasses: Record<AvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
};

export interface UserAvatarProps {
  username: string;
  avatarUrl?: string | null;
  size?: AvatarSize;
  className?: string;
  /**
   * What the picture says when it stands alone (an avatar picker's preview). Left out, the avatar is
   * decorative: the member's name is always written beside it or names its control, and a screen reader
   * would otherwise read the name twice (axe's image-redundant-alt).
   */
  label?: string;
}

/**
 * Tries the member's avatar, then the server-generated `/avatars/<username>.svg`, then initials —
 * offline the first two may both fail, and a blank circle would hide who wrote what.
 */
export function UserAvatar({ username, avatarUrl, size = 'md', className, label }: UserAvatarProps) {
  const generated = `/avatars/${encodeURIComponent(username)}.svg`;
  const sources = [avatarUrl, generated].filter((s, i, all): s is string => !!s && all.indexOf(s) === i);
  const key = sources.join('|');
  // Reset the fallback step whenever the sources change (e.g. after the member edits their avatar).
  const [state, setState] = useState({ key, step: 0 });
  const step = state.key === key ? state.step : 0;
  const src = sources[step];

  const classes = cn(
    'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-lime-100 font-semibold text-lime-900 dark:bg-lime-900 dark:text-lime-100',
    sizeClasses[size],
    className,
  );

  if (!src) {
    return (
      <span className={classes} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
        {initialsOf(username)}
      </span>
    );
  }
  return (
    <img
      key={src}
      src={src}
      alt={label ?? ''}
      loading="lazy"
      decoding="async"
      className={cn(classes, 'object-cover')}
      onError={() => setState({ key, step: step + 1 })}
    />
  );
}
