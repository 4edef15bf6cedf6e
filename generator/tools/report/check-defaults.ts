// The check's defaults, apart from the code that uses them, so that `npm run check -- --help` states them without
// loading a browser driver.

/** Debian's Chromium, the browser the report's pictures are taken with unless CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Changed pages pictured before and after, at most. */
export const DEFAULT_SCREENSHOT_LIMIT = 12;
