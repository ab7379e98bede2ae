/**
 * How the page-measuring scripts start Debian's Chromium (check-bundle, lighthouse, profile-page): one
 * set of flags, so a figure from one script compares with another's. Headless and sandbox-free as this
 * machine needs; no GPU (software GL, as Lighthouse runs here); no background downloads, so nothing but
 * the page itself shows up in what is measured. The browser tests keep their own list (playwright.config.ts).
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
