import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

/*
 * The ffmpeg and ffprobe that Remotion ships (@remotion/compositor-linux-x64-gnu): always present
 * where the renderer is, so the worker needs no system ffmpeg. Their libraries sit beside them.
 */

const require = createRequire(import.meta.url)

function compositorDir(): string {
  const pkg = `@remotion/compositor-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`
  return path.dirname(require.resolve(`${pkg}/package.json`))
}

export function ffBinary(name: 'ffmpeg' | 'ffprobe'): { file: string; env: NodeJS.ProcessEnv } {
  const dir = compositorDir()
  return { file: path.join(dir, name), env: { ...process.env, LD_LIBRARY_PATH: [dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } }
}

/** Runs ffmpeg or ffprobe; resolves with stdout (as a Buffer), rejects with the end of stderr. */
export function runFf(name: 'ffmpeg' | 'ffprobe', args: string[], signal?: AbortSignal): Promise<Buffer> {
  const { file, env } = ffBinary(name)
  return new Promise((resolve, reject) => {
    const child = spawn(file, ['-hide_banner', '-v', 'error', ...args], { env, signal, stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new Error(`${name} exited with ${code}: ${err.trim()}`))
    })
  })
}

export interface StreamInfo {
  codec_type: string
  codec_name: string
  profile?: string
  pix_fmt?: string
  color_range?: string
  color_space?: string
  width?: number
  height?: number
  duration?: string
  nb_frames?: string
  has_b_frames?: number
  bit_rate?: string
}

/** ffprobe's view of a file: its streams and the container's duration and size. */
export async function probe(file: string): Promise<{ streams: StreamInfo[]; format: { duration: string; size: string; bit_rate?: string } }> {
  const out = await runFf('ffprobe', ['-print_format', 'json', '-show_streams', '-show_format', file])
  return JSON.parse(out.toString())
}
