import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Generous limits: on a loaded 2-core machine a test may take several times its idle duration,
// and CI's result must not depend on the load. Every test that could run away is bounded by its
// own loop or by the code under test; these only catch a hang.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    // Vitest runs one file fewer at a time than there are cores: one at a time on CI's two, which
    // took 8.5-9 minutes of its 10. Two at a time passed twice in 5.7 and 6.1 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
