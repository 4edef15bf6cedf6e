// Headless Chromium as the project runs it: Debian's (or CHROMIUM_PATH's) binary, no browser download, nothing
// fetched in the background.
import { type Browser, chromium } from 'playwright-core';
import { DEFAULT_CHROMIUM } from './check-defaults.js';

export { DEFAULT_CHROMIUM };

export function launchChromium(executablePath = DEFAULT_CHROMIUM): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
