import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { AnyMap, TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, addCompileHints, shiftSourceMap, startupChunks } from '@/lib/build/compile-hints'

// a source map whose only segment maps the chunk's first line, column 0, to line 1 of app/page.tsx
const MAP = { version: 3, sources: ['app/page.tsx'], names: [], mappings: 'AAAA' }

function routeManifest(route: string, entries: Record<string, string[]>) {
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ moduleLoading: { prefix: '' }, clientModules: {}, entryJSFiles: entries })};`
}

describe('compile hints on the startup chunks (lib/build/compile-hints.ts)', () => {
  let dist: string
  const chunk = (name: string) => path.join(dist, 'static', 'chunks', name)

  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'hints-'))
    await mkdir(path.join(dist, 'static', 'chunks'), { recursive: true })
    await mkdir(path.join(dist, 'server', 'app', 'dashboard', '[team_id]'), { recursive: true })
    await writeFile(path.join(dist, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/framework.js', 'static/chunks/turbopack-runtime.js'] }))
    await writeFile(path.join(dist, 'server', 'app', 'page_client-reference-manifest.js'), routeManifest('/page', { '[project]/app/layout': ['static/chunks/layout.js'], '[project]/app/page': ['static/chunks/layout.js', 'static/chunks/landing.css', 'static/chunks/landing.js'] }))
    await writeFile(path.join(dist, 'server', 'app', 'dashboard', '[team_id]', 'page_client-reference-manifest.js'), routeManifest('/dashboard/[team_id]/page', { '[project]/app/dashboard/[team_id]/page': ['static/chunks/team.js'] }))
    for (const name of ['framework.js', 'turbopack-runtime.js', 'layout.js', 'team.js', 'player-lazy.js']) await writeFile(chunk(name), `(function ${name.replace(/\W/g, '_')}(){})()\n`)
    await writeFile(chunk('landing.js'), 'globalThis.landing=()=>1\n//# sourceMappingURL=0abc.js.map')
    await writeFile(chunk('0abc.js.map'), JSON.stringify(MAP))
    await writeFile(chunk('team.js.map'), JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: MAP }] }))
  })
  afterEach(() => rm(dist, { recursive: true, force: true }))

  it('finds the framework chunks and every route entry chunk, not the lazy ones nor stylesheets', async () => {
    expect(await startupChunks(dist)).toEqual(['static/chunks/framework.js', 'static/chunks/landing.js', 'static/chunks/layout.js', 'static/chunks/team.js', 'static/chunks/turbopack-runtime.js'])
  })

  it('puts the hint on the first line of each startup chunk once, and leaves the rest byte for byte', async () => {
    const lazyBefore = await readFile(chunk('player-lazy.js'), 'utf8')
    const changed = await addCompileHints(dist)
    expect(changed).toHaveLength(5)
    for (const name of ['framework.js', 'turbopack-runtime.js', 'layout.js', 'team.js', 'landing.js']) expect((await readFile(chunk(name), 'utf8')).split('\n')[0]).toBe(COMPILE_HINT)
    expect(await readFile(chunk('landing.js'), 'utf8')).toBe(`${COMPILE_HINT}\nglobalThis.landing=()=>1\n//# sourceMappingURL=0abc.js.map`)
    expect(await readFile(chunk('player-lazy.js'), 'utf8')).toBe(lazyBefore)
    // a second build step (or a rerun) changes nothing
    expect(await addCompileHints(dist)).toEqual([])
    expect((await readFile(chunk('landing.js'), 'utf8')).match(/allFunctionsCalledOnLoad/g)).toHaveLength(1)
  })

  it('moves the source maps down one line, so a stack frame still maps to its source (flat and sectioned maps)', async () => {
    await addCompileHints(dist)
    const flat = new TraceMap(await readFile(chunk('0abc.js.map'), 'utf8'))
    expect(originalPositionFor(flat, { line: 2, column: 0 })).toMatchObject({ source: 'app/page.tsx', line: 1, column: 0 })
    expect(originalPositionFor(flat, { line: 1, column: 0 }).source).toBeNull()
    const sectioned = new AnyMap(await readFile(chunk('team.js.map'), 'utf8'))
    expect(originalPositionFor(sectioned, { line: 2, column: 0 })).toMatchObject({ source: 'app/page.tsx', line: 1 })
  })

  it('shifts a map without touching anything else in it', () => {
    expect(shiftSourceMap({ mappings: 'AAAA;AACA' })).toEqual({ mappings: ';AAAA;AACA' })
    expect(shiftSourceMap({ sections: [{ offset: { line: 3, column: 2 } }] })).toEqual({ sections: [{ offset: { line: 4, column: 2 } }] })
  })
})
