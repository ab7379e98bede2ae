/**
 * How the page-measuring scripts start Debian's Chromium (check-bundle, lighthouse, profile-page): one
 * set of flags, so a figure from one script compares with another's. Headless and sandbox-free as this
 * machine needs; no GPU (software GL, as Lighthouse runs here); no background downloads, so nothing but
 * the page itself shows up in what is measured. The browser tests start from the same list
 * (BROWSER_TEST_FLAGS, read by playwright.config.ts and the specs that add flags of their own).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const MEASURING_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
] as const;

/**
 * The browser tests' flags: the measuring ones, and neither Chrome sync nor QUIC, so a test's requests are
 * the app's own, over the one HTTP connection kind the server speaks.
 */
export const BROWSER_TEST_FLAGS = [...MEASURING_FLAGS, '--disable-sync', '--disable-quic'] as const;
