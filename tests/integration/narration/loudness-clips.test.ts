import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NARRATION_TARGET_LUFS, NARRATION_TRUE_PEAK_DBTP } from '../../../lib/audio/targets.ts'
import { fliteSpeakTimed } from '../../../lib/narration/flite.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import type { VoiceProvider } from '../../../lib/narration/provider.ts'
import { synthesize } from '../../../lib/narration/speak.ts'
import { readWav } from '../../../lib/narration/wav.ts'
import { runFf } from '../../../lib/render/ffmpeg.ts'
import { ffmpegLoudness } from '../../helpers/loudness.ts'

// Every clip is stored at one loudness whatever the voice or provider: Flite's voices spoke from
// −16 (slt) to −28 LUFS (kal16); an MP3 provider (ElevenLabs' format) is decoded, normalised and
// encoded again. Measured by ffmpeg's EBU R128 meter as the video plays a mono clip (both speakers).

const TEXT = 'A bright open kitchen with room for the whole family, and a garden that faces south.'
const dir = mkdtempSync(path.join(os.tmpdir(), 'clip-loudness-'))

async function measureClip(audio: Buffer, ext: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.${ext}`)
  writeFileSync(file, audio)
  return ffmpegLoudness(file, { dualMono: true })
}

describe('narration clips are normalised when spoken', { timeout: 400_000 }, () => {
  it('brings the quietest and the loudest Flite voices to the narration target under its true-peak ceiling, the same length', async () => {
    const levels: Record<string, number> = {}
    for (const voice of ['kal16', 'slt']) {
      const raw = await fliteSpeakTimed(voice as 'slt', TEXT)
      const speech = await synthesize(localProvider, TEXT, voice)
      expect(speech.mime).toBe('audio/wav')
      const measured = await measureClip(speech.audio, 'wav')
      levels[voice] = measured.integratedLufs
      expect(Math.abs(measured.integratedLufs - NARRATION_TARGET_LUFS), `${voice}: ${measured.integratedLufs} LUFS`).toBeLessThanOrEqual(0.5)
      expect(measured.truePeakDbtp, `${voice}: ${measured.truePeakDbtp} dBTP`).toBeLessThanOrEqual(NARRATION_TRUE_PEAK_DBTP + 0.2)
      // the same samples in time: the word timings still hold
      expect(readWav(speech.audio).seconds).toBeCloseTo(readWav(raw.wav).seconds, 3)
      expect(speech.loudness.after).toBeCloseTo(NARRATION_TARGET_LUFS, 0)
    }
    expect(Math.max(...Object.values(levels)) - Math.min(...Object.values(levels))).toBeLessThan(1)
  })

  it('normalises an MP3 provider’s clip too (decoded, normalised, encoded again as MP3)', async () => {
    // a quiet MP3, as a hosted voice might answer: Flite's slt 20 dB down, encoded by LAME
    const wav = path.join(dir, 'quiet.wav')
    writeFileSync(wav, (await fliteSpeakTimed('slt', TEXT)).wav)
    const mp3 = await runFf('ffmpeg', ['-i', wav, '-af', 'volume=-20dB', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'])
    expect((await measureClip(mp3, 'mp3')).integratedLufs).toBeLessThan(NARRATION_TARGET_LUFS - 10)
    const hosted: VoiceProvider = { name: 'hosted', speak: async () => ({ audio: mp3, mime: 'audio/mpeg' }) }
    const speech = await synthesize(hosted, TEXT, 'any')
    expect(speech.mime).toBe('audio/mpeg')
    expect(speech.audio.subarray(0, 3).toString('latin1') === 'ID3' || (speech.audio[0] === 0xff && (speech.audio[1] & 0xe0) === 0xe0)).toBe(true)
    const measured = await measureClip(speech.audio, 'mp3')
    expect(Math.abs(measured.integratedLufs - NARRATION_TARGET_LUFS), `${measured.integratedLufs} LUFS`).toBeLessThanOrEqual(0.5)
    expect(measured.truePeakDbtp).toBeLessThanOrEqual(NARRATION_TRUE_PEAK_DBTP + 0.5)
  })
})
