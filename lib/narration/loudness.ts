import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { normaliseLoudness } from '@/lib/audio/normalise'
import { decodeBuffer, pcmToWav16, wavToPcm } from '@/lib/audio/pcm'
import { NARRATION_TARGET_LUFS, NARRATION_TRUE_PEAK_DBTP } from '@/lib/audio/targets'
import { runFf } from '@/lib/render/ffmpeg'
import type { AudioMime } from './provider'

/*
 * Every clip a voice speaks is brought to one loudness before it is stored, whatever the provider
 * or voice (Flite's five voices came out between −16 and −28 LUFS; ElevenLabs has its own level):
 * NARRATION_TARGET_LUFS as the video plays it (a mono clip on both speakers, measured dual mono),
 * true peak under NARRATION_TRUE_PEAK_DBTP (lib/audio/normalise.ts: one gain and a look-ahead
 * limiter; the timing of every sample is kept, so the word timings still hold). A WAV stays a
 * 16-bit WAV at its rate; an MP3 is decoded and encoded again (LAME, 128 kbit/s).
 */

export type ClipLoudness = { before: number; after: number; gainDb: number; truePeakDbtp: number }

export async function normaliseClip(audio: Buffer, mime: AudioMime): Promise<{ audio: Buffer; loudness: ClipLoudness }> {
  const pcm = mime === 'audio/wav' ? wavToPcm(audio) : await decodeBuffer(audio, 'mp3')
  const result = normaliseLoudness(pcm, { targetLufs: NARRATION_TARGET_LUFS, ceilingDbtp: NARRATION_TRUE_PEAK_DBTP, dualMono: true })
  const loudness = { before: result.before, after: result.after, gainDb: result.gainDb, truePeakDbtp: result.truePeakDbtp }
  const wav = pcmToWav16(result.pcm)
  if (mime === 'audio/wav') return { audio: wav, loudness }
  const folder = await mkdtemp(path.join(tmpdir(), 'clip-'))
  try {
    await writeFile(path.join(folder, 'in.wav'), wav)
    await runFf('ffmpeg', ['-y', '-i', path.join(folder, 'in.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', path.join(folder, 'out.mp3')])
    return { audio: await readFile(path.join(folder, 'out.mp3')), loudness }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
