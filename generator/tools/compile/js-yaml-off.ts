// Stands in for js-yaml in the compiled commands. gray-matter loads js-yaml (and js-yaml loads esprima, 280 KB) for its
// default YAML engine, but gray-matter is called only to split a page, with an engine of its own
// (generator/build/content/front-matter.ts). Were js-yaml called, it throws rather than parse.
const off = (): never => {
  throw new Error('js-yaml is left out of the compiled commands: gray-matter is given its own YAML engine.');
};

export const safeLoad = off;
export const safeDump = off;
export const load = off;
export const dump = off;
