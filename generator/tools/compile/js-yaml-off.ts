// Stands in for js-yaml in the compiled commands. gray-matter loads js-yaml (and js-yaml loads esprima, 280 KB) for its
// default YAML engine, but the loader only splits a page with gray-matter and gives it an engine of its own (the
// front matter is parsed with positions by the yaml package). Were js-yaml called, it throws rather than parse.
const off = (): never => {
  throw new Error('js-yaml is left out of the compiled commands: gray-matter is given its own YAML engine.');
};

export const safeLoad = off;
export const safeDump = off;
export const load = off;
export const dump = off;
