/** Joins class names, skipping falsy ones (a dependency-free stand-in for clsx). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
