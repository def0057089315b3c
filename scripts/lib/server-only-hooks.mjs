// Module hooks for scripts that run the app's server modules outside Next (benches): 'server-only'
// resolves to its empty build, as it does on the server (vitest.config.ts aliases it the same way).
const empty = new URL('../../node_modules/server-only/empty.js', import.meta.url).href

export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: empty, shortCircuit: true }
  return next(specifier, context)
}
