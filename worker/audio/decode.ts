import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Pcm } from '@/lib/audio/meter'
import { wavToPcm } from '@/lib/audio/pcm'
import { runFf } from '../ffmpeg'

/*
 * Any file's first audio stream as float PCM, with the ffmpeg Remotion ships (worker/ffmpeg.ts; it
 * has no raw muxer, so through 16-bit WAV). The worker's side only: the app never spawns ffmpeg.
 */

/** The first audio stream of a file as float PCM (its own rate and channels unless asked). */
export async function decodeFile(file: string, opts: { sampleRate?: number; channels?: number; signal?: AbortSignal } = {}): Promise<Pcm> {
  const wav = await runFf(
    'ffmpeg',
    ['-i', file, '-map', '0:a:0', ...(opts.channels ? ['-ac', String(opts.channels)] : []), ...(opts.sampleRate ? ['-ar', String(opts.sampleRate)] : []), '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'],
    opts.signal,
  )
  return wavToPcm(wav)
}

/** Like decodeFile, for audio held in memory. */
export async function decodeBuffer(audio: Buffer, ext: string): Promise<Pcm> {
  const folder = await mkdtemp(path.join(tmpdir(), 'audio-'))
  try {
    const file = path.join(folder, `in.${ext}`)
    await writeFile(file, audio)
    return await decodeFile(file)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
