import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Notes the rule ids every test raises; the whole suite fails when a rule of the catalog has no test.
    globalSetup: ['test/setup/rule-coverage.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
