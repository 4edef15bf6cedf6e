// Stands in for linkify-it in the compiled commands. markdown-it makes a linkify-it instance in its constructor, which
// compiles linkify-it's URL patterns (40–50 ms of every build's start), but the fast path's tokenizer runs with
// `linkify: false`, so markdown-it never asks it anything. Were it asked, it throws rather than find no links.
const off = (): never => {
  throw new Error('linkify-it is left out of the compiled commands: a markdown-it with `linkify: true` needs it back.');
};

export default class LinkifyOff {
  pretest = off;
  test = off;
  match = off;
  matchAtStart = off;
  set = off;
  add = off;
  tlds = off;
}
