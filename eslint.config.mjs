import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The render engine (worker/: the worker loop, the renderers, ffmpeg, the master step) is the
    // worker's own room: app code never imports it, so no page, route handler, server action or
    // instrumentation can reach a binary spawned from node_modules (issue 28, docs/renders.md).
    // scripts/, tests/ and the engine itself may.
    files: ['app/**', 'components/**', 'lib/**', 'remotion/**', 'instrumentation.ts', 'instrumentation-client.ts', 'proxy.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(@/|(\\.\\.?/)+)worker(/|$)',
          message: 'worker/ is the render worker\'s engine (it spawns ffmpeg): app code must not import it. Put shared code in lib/render/ or lib/audio/.',
        }],
      }],
    },
  },
  globalIgnores(['.next/**', 'out/**', 'node_modules/**', 'scratch/**', '.supabase-local/**', 'next-env.d.ts', 'playwright-report/**', 'test-results/**']),
])
