import { defineConfig } from 'vitest/config';

// Generous limits: on a loaded 2-core machine a test may take several times its idle duration,
// and CI's result must not depend on the load. Every test that could run away is bounded by its
// own loop or by the code under test; these only catch a hang.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
