import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runFf } from '@/lib/render/ffmpeg'
import type { AudioMime } from './provider'
import { readWav } from './wav'

/**
 * A clip's length in seconds, measured from its bytes: a WAV from its header and data size, anything
 * else with ffprobe (the one Remotion ships, lib/render/ffmpeg.ts). Never what a provider says.
 */
export async function measureAudio(audio: Buffer, mime: AudioMime): Promise<number> {
  if (mime === 'audio/wav') return readWav(audio).seconds
  const folder = await mkdtemp(path.join(tmpdir(), 'narration-'))
  try {
    const file = path.join(folder, 'clip.mp3')
    await writeFile(file, audio)
    const out = await runFf('ffprobe', ['-print_format', 'json', '-show_format', '-show_streams', file])
    const info = JSON.parse(out.toString()) as { format?: { duration?: string }; streams?: { codec_type?: string; duration?: string }[] }
    const stream = info.streams?.find((s) => s.codec_type === 'audio')
    if (!stream) throw new Error('the clip has no audio stream')
    const seconds = Number(stream.duration ?? info.format?.duration)
    if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('the clip has no length')
    return seconds
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
