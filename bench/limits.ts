// What the benchmark holds the project to, written once: the suites print these limits beside their rows, and
// targets.ts judges a run against them.

/** A cold build of the shipped content, as a whole process, at most this share of Eleventy's. */
export const COLD_BUILD_RATIO = 0.5;
/** A build with nothing changed, and every command's `--help`, within this many milliseconds, as a whole process. */
export const QUICK_COMMAND_MS = 150;
/** A cold build + validate of many pages at most this share of Eleventy's build of the same pages. */
export const PAGES_COLD_RATIO = 0.5;
/** A rebuild after one page was edited, by the size of the content set. */
export const EDIT_MS: Readonly<Record<number, number>> = { 1000: 300, 10000: 1_000 };
/** A rebuild with nothing changed at most this many times the I/O floor (reading the inputs, writing as many files). */
export const NO_CHANGE_FLOOR_RATIO = 2;
/** `npm run dev`: a saved page served within this many milliseconds, by the number of pages added to the content. */
export const DEV_EDIT_MS: Readonly<Record<number, number>> = { 0: 50, 1000: 100 };
/** The public page catalog at this many entries stays under this peak resident memory. */
export const CATALOG_ENTRIES = 100_000;
export const CATALOG_MEMORY_MB = 512;
/** MCP `tools/call` on the preview host at least this many times a fresh SDK server per request, with no errors. */
export const TOOLS_CALL_RATIO = 2;
