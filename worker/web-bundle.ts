import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { root } from './remotion-local'

/*
 * The render page of the in-browser path: remotion/web-render/page.tsx and everything it imports
 * (the same compositions the Player shows), bundled once per worker start with esbuild (≈ 1 s) into
 * node_modules/.cache. staticFile() resolves under /public, which the worker's server maps to public/.
 */

// per checkout (a hash of its path): git worktrees that share one node_modules (a symlink) must not
// serve each other's render page
export const WEB_BUNDLE_DIR = path.join(os.tmpdir(), `web-render-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)

/** A page: `entry` bundled for the system Chromium into `dir`, with an index.html whose body is `body`. */
export async function bundlePage({ entry, dir, body = '' }: { entry: string; dir: string; body?: string }): Promise<void> {
  await mkdir(dir, { recursive: true })
  await build({
    entryPoints: [entry],
    outfile: path.join(dir, 'render.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    minify: true,
    sourcemap: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@': root },
    logLevel: 'error',
  })
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html><head><meta charset="utf-8"><title>render</title>
<script>window.remotion_staticBase = '/public'</script>
<style>html,body{margin:0;background:#000}</style></head>
<body>${body}<script src="/render.js"></script></body></html>
`,
  )
}

/** Bundles the render page; `hash` is its code's SHA-256 (the render cache keys on it). */
export async function bundleWebRenderPage(): Promise<{ dir: string; ms: number; hash: string }> {
  const started = performance.now()
  await bundlePage({ entry: path.join(root, 'remotion/web-render/page.tsx'), dir: WEB_BUNDLE_DIR })
  const hash = createHash('sha256')
  for (const file of ['render.js', 'index.html']) hash.update(await readFile(path.join(WEB_BUNDLE_DIR, file)))
  return { dir: WEB_BUNDLE_DIR, ms: Math.round(performance.now() - started), hash: hash.digest('hex') }
}
