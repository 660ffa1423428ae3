import type { Browser, BrowserType } from 'playwright-core';

/**
 * Debian's Chromium, headless, as the e2e suite and benchmarks drive it. No browser download:
 * playwright-core only speaks the protocol. The networking flags keep Chromium from reaching for
 * Google's services, which this sandbox refuses.
 */
export function launchChromium(chromium: BrowserType): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
