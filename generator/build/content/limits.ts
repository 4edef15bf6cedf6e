// The content's limits, each with its reason: what the build refuses, at the file (and line), before it would spend
// unbounded time or memory on it. Every limit is a message with its own rule id, never a hang or a crash.

/**
 * The largest page, in bytes. A long hand-written guide is tens of KB (the shipped pages are under 3 KB); the parser's
 * time grows faster than the page for some structures (one list of 128 KB: several seconds on a busy 2-core
 * machine), and an agent reads the twin whole. Rule `page-too-large`.
 */
export const MAX_PAGE_BYTES = 128 * 1024;

/** The largest content YAML file, in bytes: the shipped ones are under 20 KB. Rule `yaml-too-large`. */
export const MAX_YAML_BYTES = 1024 * 1024;

/**
 * How deeply a page may nest containers (lists, quotes, container directives) or brackets (links, images, directive
 * labels). Real pages nest a handful of levels. micromark's time is superlinear in the depth (250 levels 0.5 s, 500
 * 3.9 s, 1,000 28 s) and the tree's writers recurse once per level (2,000 levels overflow the stack), so the depth is
 * measured on the source before the page is parsed. Rule `nesting-too-deep`.
 */
export const MAX_NESTING_DEPTH = 32;

/**
 * The most alias expansions one YAML document may make (the `yaml` package's `maxAliasCount`, its default kept):
 * enough for the merge keys editors write, far below the billions an alias bomb expands to. Rule `yaml-alias-limit`.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * The time one page's render or one YAML file's parse may take, in milliseconds. Pages render in milliseconds; inputs
 * within the limits above can still take the parser tens of seconds (a wide table, thousands of reference
 * definitions, thousands of YAML anchors), so the work is stopped at this budget and reported at its file. Generous,
 * so that a busy machine never stops a real page. Rule `time-budget-exceeded`.
 */
export const TIME_BUDGET_MS = 10_000;

/**
 * Pages up to this many characters render without the interrupting budget and are only timed: starting the budget's
 * watchdog costs about 0.1–0.2 ms, a few percent of a 1 KB page's render, and no page this small within the depth
 * limit was seen to take more than a fraction of a second (the slowest measured structures scale so that 16 KB cost
 * at most a second or two). One that still passes the budget is reported all the same.
 */
export const SMALL_PAGE_CHARS = 16 * 1024;
