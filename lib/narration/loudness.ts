import { normaliseLoudness } from '@/lib/audio/normalise'
import { pcmToWav16, wavToPcm } from '@/lib/audio/pcm'
import { NARRATION_TARGET_LUFS, NARRATION_TRUE_PEAK_DBTP } from '@/lib/audio/targets'
import type { AudioMime } from './provider'

/*
 * Every clip a voice speaks is brought to one loudness before it is stored, whatever the provider
 * or voice (Flite's five voices came out between −16 and −28 LUFS; ElevenLabs has its own level):
 * NARRATION_TARGET_LUFS as the video plays it (a mono clip on both speakers, measured dual mono),
 * true peak under NARRATION_TRUE_PEAK_DBTP (lib/audio/normalise.ts: one gain and a look-ahead
 * limiter; the timing of every sample is kept, so the word timings still hold). In plain JS on the
 * app server: both providers speak 16-bit PCM WAV (Flite as it is, ElevenLabs asked for raw PCM and
 * wrapped, lib/narration/elevenlabs.ts), and the clip stays a 16-bit WAV at its rate. The app never
 * spawns ffmpeg (docs/renders.md, "Who runs ffmpeg"): a compressed clip is refused, not decoded.
 */

export type ClipLoudness = { before: number; after: number; gainDb: number; truePeakDbtp: number }

export async function normaliseClip(audio: Buffer, mime: AudioMime): Promise<{ audio: Buffer; loudness: ClipLoudness }> {
  if (mime !== 'audio/wav') throw new Error(`a ${mime} clip cannot be normalised here: voices must answer 16-bit PCM WAV`)
  const result = normaliseLoudness(wavToPcm(audio), { targetLufs: NARRATION_TARGET_LUFS, ceilingDbtp: NARRATION_TRUE_PEAK_DBTP, dualMono: true })
  return {
    audio: pcmToWav16(result.pcm),
    loudness: { before: result.before, after: result.after, gainDb: result.gainDb, truePeakDbtp: result.truePeakDbtp },
  }
}
