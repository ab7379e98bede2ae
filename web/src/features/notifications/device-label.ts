/**
 * How a member recognises a device in a list of push subscriptions ("Chrome on Android"), from the
 * browser's user agent. Shared by the page (push.ts) and the service worker (sw-notifications.ts).
 */

/** An iPhone or iPad (iPadOS reports itself as a Mac with a touch screen). */
export const isAppleMobile = (ua: string, touchPoints = navigator.maxTouchPoints): boolean =>
  /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);

/** "Chrome on Android", "Safari on iOS": how the member recognises this device in a list. */
export function deviceLabel(ua: string = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrom(e|ium)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : isAppleMobile(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return os ? `${browser} on ${os}` : browser;
}
