import { spawn } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/*
 * A poster for a Lambda render, cut from the rendered file itself (one frame, a few hundred
 * milliseconds) with the ffmpeg Remotion ships beside the renderer, so no second Lambda call
 * (renderStillOnLambda) is paid for. Best effort: without it the run still succeeds, posterless.
 */

const require = createRequire(import.meta.url)

function ffmpeg(): { file: string; env: NodeJS.ProcessEnv } {
  const pkg = `@remotion/compositor-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`
  const dir = path.dirname(require.resolve(`${pkg}/package.json`))
  return { file: path.join(dir, 'ffmpeg'), env: { ...process.env, LD_LIBRARY_PATH: [dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') } }
}

/** Writes the frame at `seconds` of `video` as a JPEG to `poster`. Rejects with ffmpeg's last words. */
export function cutPoster(video: string, seconds: number, poster: string, timeoutMs = 20_000): Promise<void> {
  const { file, env } = ffmpeg()
  const args = ['-hide_banner', '-v', 'error', '-y', '-ss', Math.max(0, seconds).toFixed(3), '-i', video, '-frames:v', '1', '-q:v', '3', poster]
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'], signal: AbortSignal.timeout(timeoutMs) })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}: ${err.trim()}`))
      // a seek past the end exits 0 on some builds with no picture written
      stat(poster).then((s) => (s.size > 0 ? resolve() : reject(new Error('ffmpeg wrote an empty poster'))), reject)
    })
  })
}
