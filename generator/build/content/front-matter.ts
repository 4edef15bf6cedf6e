// Splits a page into its front matter and its body. gray-matter only splits: the front matter is parsed by the loader
// with positions, so gray-matter's own YAML engine is replaced by a no-op (it would throw without a place, and the
// compiled commands leave it out). Passing options also turns off gray-matter's unbounded input cache.
import matter from 'gray-matter';

/** The front matter's text (between the `---` lines) and the body after it. */
export function splitFrontMatter(text: string): { matter: string; body: string } {
  const parsed = matter(text, { engines: { yaml: () => ({}) } });
  return { matter: parsed.matter, body: parsed.content };
}
