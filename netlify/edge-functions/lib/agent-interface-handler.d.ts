// The types of agent-interface-handler.js, the bundle `npm run bundle:edge` writes beside this file (git-ignored):
// the Netlify wrapper of the site's runtime, bundled because Deno does not map this project's `.js` import
// specifiers to its `.ts` sources.
export * from '../../../generator/runtime/edge/netlify.js';
