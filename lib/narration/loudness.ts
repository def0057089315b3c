import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { measure, type Pcm } from '@/lib/audio/meter'
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
  const normalise = (targetLufs: number, ceilingDbtp: number) => normaliseLoudness(pcm, { targetLufs, ceilingDbtp, dualMono: true })
  const result = normalise(NARRATION_TARGET_LUFS, NARRATION_TRUE_PEAK_DBTP)
  const report = (r: typeof result, after = r.after, truePeakDbtp = r.truePeakDbtp) => ({ before: r.before, after, gainDb: r.gainDb, truePeakDbtp })
  if (mime === 'audio/wav') return { audio: pcmToWav16(result.pcm), loudness: report(result) }
  // MP3: the encoder's low-pass and its own rounding move the level a little; measure what was written and correct once
  let mp3 = await encodeMp3(result.pcm)
  let written = measure(await decodeBuffer(mp3, 'mp3'), { dualMono: true })
  let used = result
  const miss = NARRATION_TARGET_LUFS - written.integratedLufs
  const over = written.truePeakDbtp - NARRATION_TRUE_PEAK_DBTP
  if (Number.isFinite(miss) && (Math.abs(miss) > 0.2 || over > 0.2)) {
    used = normalise(NARRATION_TARGET_LUFS + miss, NARRATION_TRUE_PEAK_DBTP - Math.max(0, over))
    mp3 = await encodeMp3(used.pcm)
    written = measure(await decodeBuffer(mp3, 'mp3'), { dualMono: true })
  }
  return { audio: mp3, loudness: report(used, written.integratedLufs, written.truePeakDbtp) }
}

async function encodeMp3(pcm: Pcm): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'clip-'))
  try {
    await writeFile(path.join(folder, 'in.wav'), pcmToWav16(pcm))
    await runFf('ffmpeg', ['-y', '-i', path.join(folder, 'in.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', path.join(folder, 'out.mp3')])
    return await readFile(path.join(folder, 'out.mp3'))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
