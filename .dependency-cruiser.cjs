// Which folder may import which: the layers of generator/, bottom to top. A folder imports only from itself and the
// folders listed before it; nothing imports a folder listed after it. Tests, the benchmark and the platform wrappers
// (functions/, netlify/) sit above all of generator/. Checked by `npm run lint` (dependency-cruiser) in CI.
/** @type {string[]} generator's folders, lowest first; a folder may import every folder before it. */
const LAYERS = [
  // The typed content model: what every other part reads.
  'generator/model',
  // How the built site is answered (negotiation, headers, query routes, the error envelope): Web-standard code only.
  'generator/runtime',
  // The build, its stages in flow order; a stage uses the ones before it.
  'generator/build/messages',
  'generator/build/files',
  'generator/build/schemas',
  'generator/build/text',
  'generator/build/cache',
  'generator/build/content',
  'generator/build/registry',
  'generator/build/boundaries',
  'generator/build/render',
  'generator/build/emit',
  'generator/build/validate',
  'generator/build/write',
  // The build's own top files: the pipeline, the kind table, loading a project, the render worker.
  'generator/build/[^/]+\\.ts',
  // The tools that use the build and the runtime; the compile step first, as every command starts with its check.
  'generator/tools/compile',
  'generator/tools/terminal',
  'generator/tools/preview',
  'generator/tools/report',
  'generator/tools/audit',
  'generator/tools/dev',
  'generator/tools/scaffold',
  'generator/tools/cli',
];

const pathOf = (layer) => (layer.endsWith('.ts') ? `^${layer}$` : `^${layer}/`);

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer:${layer.replace('[^/]+\\.ts', '*.ts')}`,
  comment: `${layer} may import only itself and the layers below it.`,
  severity: 'error',
  from: { path: pathOf(layer) },
  to: { path: LAYERS.slice(index + 1).map(pathOf) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'runtime-is-portable',
      comment:
        'The runtime runs in Deno and Cloudflare Workers too: no Node built-ins, no packages, nothing outside it.',
      severity: 'error',
      from: { path: '^generator/runtime/' },
      to: { pathNot: '^generator/runtime/' },
    },
    {
      name: 'emit-families-stand-alone',
      comment: 'An emit family uses emit/json and the stages below, never another family.',
      severity: 'error',
      from: { path: '^generator/build/emit/([^/]+)/' },
      to: { path: '^generator/build/emit/(?!json/)[^/]+/', pathNot: '^generator/build/emit/$1/' },
    },
    {
      name: 'generator-does-not-import-tests',
      severity: 'error',
      from: { path: '^generator/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'The edge table is build output the platform wrappers bundle; an unbuilt clone has not written it yet.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^[.][.]/(?:[.][.]/)?dist-hosts/deploy/edge-table[.]json$' },
    },
    {
      name: 'not-to-dev-dependency',
      comment: 'What the commands run needs its packages in dependencies (npm ci --omit=dev).',
      severity: 'error',
      from: { path: '^generator/', pathNot: '^generator/.*\\.test\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-[^/]+|\\.tools|compiled)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
