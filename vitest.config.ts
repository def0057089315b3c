import { defineConfig } from 'vitest/config'
import path from 'node:path'

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // server modules run here as they run on the server (the package's react-server build is empty)
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // each file holds its own PGlite (hundreds of MB); two at a time suits 2 cores
          maxWorkers: 2,
          fileParallelism: true,
          // runs after the unit project (a project with its own maxWorkers needs its own group)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
