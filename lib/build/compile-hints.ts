/**
 * Chrome's explicit compile hint on the scripts every page runs at startup (docs/sharing.md, "Compile
 * hints"). A file that begins with `//# allFunctionsCalledOnLoad` has all its functions compiled
 * eagerly, on the background thread that streams the script in (Chrome 136+), instead of lazily on
 * the main thread the first time each one is called. Next's framework chunks and each route's entry
 * chunks are almost all called while the page hydrates, so that compilation was main-thread time
 * before the page answered (a quarter of `/`'s script time). Other browsers ignore the comment.
 *
 * Run from next.config.ts's `compiler.runAfterProductionCompile`, which Next calls once the client
 * chunks are written and before Sentry's step uploads their source maps: the maps are shifted by the
 * added line here, so error reports still point at the right source. Lazy chunks (the Player,
 * Remotion, PostHog, Sentry) are left alone: most of their functions are not called on load.
 */
import { existsSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import vm from 'node:vm'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
const MANIFEST_SUFFIX = '_client-reference-manifest.js'

interface SourceMap {
  mappings?: string
  sections?: { offset: { line: number; column: number } }[]
}

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => path.join(e.parentPath, e.name))
}

/** The chunks (paths under distDir, `static/chunks/….js`) some page loads before it hydrates. */
export async function startupChunks(distDir: string): Promise<string[]> {
  const chunks = new Set<string>()
  const build = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles?: string[] }
  for (const file of build.rootMainFiles ?? []) chunks.add(file)
  // each route's manifest is a script that sets globalThis.__RSC_MANIFEST[route]; run it in a sandbox
  for (const file of await filesUnder(path.join(distDir, 'server', 'app'), MANIFEST_SUFFIX)) {
    const sandbox: Record<string, unknown> = {}
    sandbox.globalThis = sandbox
    sandbox.self = sandbox
    vm.runInNewContext(await readFile(file, 'utf8'), sandbox, { filename: file, timeout: 1000 })
    const manifests = (sandbox.__RSC_MANIFEST ?? {}) as Record<string, { entryJSFiles?: Record<string, string[]> }>
    for (const manifest of Object.values(manifests))
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of files) chunks.add(chunk)
  }
  return [...chunks].filter((chunk) => chunk.endsWith('.js')).sort()
}

/** The map one line further down: every generated position moved by the hint's line. */
export function shiftSourceMap(map: SourceMap): SourceMap {
  if (map.sections) return { ...map, sections: map.sections.map((s) => ({ ...s, offset: { ...s.offset, line: s.offset.line + 1 } })) }
  return { ...map, mappings: `;${map.mappings ?? ''}` }
}

async function hintChunk(distDir: string, chunk: string): Promise<boolean> {
  const file = path.join(distDir, chunk)
  if (!existsSync(file)) return false
  const code = await readFile(file, 'utf8')
  if (code.startsWith(COMPILE_HINT)) return false
  await writeFile(file, `${COMPILE_HINT}\n${code}`)
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1]
  const mapFile = mapName && !mapName.startsWith('data:') ? path.join(path.dirname(file), mapName) : `${file}.map`
  if (existsSync(mapFile)) await writeFile(mapFile, JSON.stringify(shiftSourceMap(JSON.parse(await readFile(mapFile, 'utf8')) as SourceMap)))
  return true
}

/** Adds the hint to every startup chunk of a production build (again: a no-op). Returns the chunks changed. */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const changed: string[] = []
  for (const chunk of await startupChunks(distDir)) if (await hintChunk(distDir, chunk)) changed.push(chunk)
  return changed
}
