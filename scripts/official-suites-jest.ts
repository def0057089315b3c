/**
 * How each of supabase-js's suites is run (scripts/official-suites.ts): which folder serves as the
 * stand-in's `--workdir` (where the suite's `supabase/config.toml`, migrations and seed are), which
 * test paths jest is given and the jest configuration, written as the package's own jest config has it
 * (only the ts-jest diagnostics are off: the tests are run, not type-checked).
 */

export interface SuiteSpec {
  /** the suite's own setup SQL, changed only where the stand-in's Postgres lacks what it needs */
  patches?: { file: string; from: string; to: string }[]
  /** extra NODE_OPTIONS for jest */
  nodeOptions?: string
  /** the stand-in's workdir, relative to the package folder (packages/core/<suite>) */
  workdir: string
  /** the test paths given to jest, as the package's own test script gives them */
  paths: string[]
  /** jest.config.js for the package folder */
  config: string
}

const TS_JEST = (tsconfig: string) => `transform: { '^.+\\\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/${tsconfig}', diagnostics: false }] },`

/** auth-js and storage-js: `jest` on test/ (their jest.config's testMatch and ignores) */
const CLIENT_SUITE: SuiteSpec = {
  workdir: 'test',
  paths: ['test'],
  config: `module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  ${TS_JEST('tsconfig.test.json')}
  testPathIgnorePatterns: ['/node_modules/', '/docker-tests/', '/example/'],
  testMatch: ['<rootDir>/test/**/*.(test|spec).ts'],
  rootDir: '.',
}
`,
}

export const SUITE_SPECS = {
  'auth-js': CLIENT_SUITE,
  'storage-js': CLIENT_SUITE,
  // project.json test:suite: `supabase start --workdir test && supabase db reset`, then
  // `jest --runInBand --testPathIgnorePatterns='test/v12/'` (v12 needs a PostgREST 12 container)
  'postgrest-js': {
    workdir: 'test',
    // PGlite has no PostGIS: the one geometry column becomes a domain over jsonb holding the same
    // point as GeoJSON (the stand-in's `.geojson()` takes a column whose type is named geometry)
    patches: [
      { file: 'test/supabase/migrations/00000000000000_schema.sql', from: 'create extension if not exists postgis schema extensions;', to: 'create domain extensions.geometry as jsonb;' },
      { file: 'test/supabase/migrations/00000000000000_schema.sql', from: 'extensions.geometry(POINT, 4326)', to: 'extensions.geometry' },
      { file: 'test/supabase/seed.sql', from: "'SRID=4326;POINT(-71.10044 42.373695)'", to: `'{"type":"Point","coordinates":[-71.10044,42.373695]}'` },
    ],
    paths: ['test'],
    config: `module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  ${TS_JEST('tsconfig.test.json')}
  testPathIgnorePatterns: ['/node_modules/', 'test/v12/'],
  testSequencer: '<rootDir>/test/testSequencer.js',
  prettierPath: require.resolve('prettier'),
  testTimeout: 30000,
  rootDir: '.',
}
`,
  },
  // package.json test:run (`jest --runInBand --detectOpenHandles`): the unit tests and
  // test/integration.test.ts against `supabase start` in the package folder; the sibling clients are
  // the workspace's sources, as pnpm links them
  'supabase-js': {
    workdir: '.',
    // supabase-js wants Node 22's WebSocket; on Node 20 the same class is behind this flag
    nodeOptions: Number(process.versions.node.split('.')[0]) < 22 ? '--experimental-websocket' : undefined,
    paths: [],
    config: `module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  ${TS_JEST('tsconfig.json')}
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  clearMocks: true,
  moduleNameMapper: {
    '^@supabase/(auth-js|functions-js|postgrest-js|realtime-js|storage-js)$': '<rootDir>/../$1/src/index.ts',
    '^@supabase/tracing$': '<rootDir>/../../shared/tracing/src/index.ts',
    '^@supabase/supabase-js$': '<rootDir>/src/index.ts',
  },
  testPathIgnorePatterns: [
    '/node_modules/', '/dist/', '/examples/', '/test/deno/', '/test/integration/bun/', '/test/integration/expo/',
    '/test/integration/next/', '/test/integration/node-browser/', '\\\\.spec\\\\.ts$', 'integration\\\\.browser\\\\.test\\\\.ts', '\\\\.[mc]js$',
  ],
  rootDir: '.',
}
`,
  },
} satisfies Record<string, SuiteSpec>

/** what the copied packages need besides the clients' own dependencies (the versions supabase-js pins) */
export const EXTRA_TOOLS = [
  'zod@^3.25.76',
  'type-fest@^4.32.0',
  'ws@8',
  '@opentelemetry/api@^1.9.0',
  '@opentelemetry/context-async-hooks@^2.8.0',
  '@opentelemetry/core@^2.8.0',
  '@opentelemetry/sdk-trace-node@^2.8.0',
]

/** the folders copied from the repository */
export const PARTS = ['packages/core', 'packages/shared/tracing', 'tsconfig.base.json']
