import { ALL_FORMATS, BufferSource, Input } from 'mediabunny'
import type { AudioMime } from './provider'
import { readWav } from './wav'

/**
 * A clip's length in seconds, measured from its bytes: a WAV from its header and data size, anything
 * else (an MP3 clip stored before the voices spoke WAV) by reading its container in JS with
 * mediabunny (no ffprobe on the app server: docs/renders.md, "Who runs ffmpeg"). Never what a
 * provider says.
 */
export async function measureAudio(audio: Buffer, mime: AudioMime): Promise<number> {
  if (mime === 'audio/wav') return readWav(audio).seconds
  const input = new Input({ source: new BufferSource(audio), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryAudioTrack().catch(() => null)
    if (!track) throw new Error('the clip has no audio stream')
    const seconds = await track.computeDuration()
    if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('the clip has no length')
    return seconds
  } finally {
    input.dispose()
  }
}
