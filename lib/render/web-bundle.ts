import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { root } from './remotion-local'

/*
 * The render page of the in-browser path: remotion/web-render/page.tsx and everything it imports
 * (the same compositions the Player shows), bundled once per worker start with esbuild (≈ 1 s) into
 * node_modules/.cache. staticFile() resolves under /public, which the worker's server maps to public/.
 */

export const WEB_BUNDLE_DIR = path.join(root, 'node_modules/.cache/web-render')

const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>render</title>
<script>window.remotion_staticBase = '/public'</script>
<style>html,body{margin:0;background:#000}</style></head>
<body><script src="/render.js"></script></body></html>
`

export async function bundleWebRenderPage(): Promise<{ dir: string; ms: number }> {
  const started = performance.now()
  await mkdir(WEB_BUNDLE_DIR, { recursive: true })
  await build({
    entryPoints: [path.join(root, 'remotion/web-render/page.tsx')],
    outfile: path.join(WEB_BUNDLE_DIR, 'render.js'),
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
  await writeFile(path.join(WEB_BUNDLE_DIR, 'index.html'), HTML)
  return { dir: WEB_BUNDLE_DIR, ms: Math.round(performance.now() - started) }
}
