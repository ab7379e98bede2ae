/**
 * The DigQuest mark: a spade over a gold coin on a warm tile. Kept in sync by hand with
 * scripts/make-icons.ts, which renders the app icons from the same drawing.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#fef3c7" />
      <circle cx="45" cy="45" r="11" fill="#d97706" />
      <circle cx="45" cy="45" r="8" fill="#fbbf24" />
      <circle cx="45" cy="45" r="4" fill="none" stroke="#b45309" strokeWidth="1.6" />
      <g transform="rotate(32 32 32)">
        <rect x="25" y="5" width="14" height="5" rx="2.5" fill="#3f6212" />
        <rect x="29.5" y="7" width="5" height="28" rx="2" fill="#3f6212" />
        <path d="M22 33h20v9c0 7-4.5 12-10 14-5.5-2-10-7-10-14z" fill="#4d7c0f" />
      </g>
    </svg>
  );
}
