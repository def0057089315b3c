import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NARRATION_TARGET_LUFS, NARRATION_TRUE_PEAK_DBTP } from '../../../lib/audio/targets.ts'
import { fliteSpeakTimed } from '../../../lib/narration/flite.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { elevenLabsProvider } from '../../../lib/narration/elevenlabs.ts'
import { normaliseClip } from '../../../lib/narration/loudness.ts'
import { measureAudio } from '../../../lib/narration/measure.ts'
import { synthesize } from '../../../lib/narration/speak.ts'
import { readWav } from '../../../lib/narration/wav.ts'
import { runFf } from '../../../worker/ffmpeg.ts'
import { ffmpegLoudness } from '../../helpers/loudness.ts'

// Every clip is stored at one loudness whatever the voice or provider: Flite's voices spoke from
// −16 (slt) to −28 LUFS (kal16); the hosted provider is asked for raw PCM (ElevenLabs' pcm_24000) and
// stored as WAV, normalised in JS like Flite's: the app server spawns no ffmpeg. Measured by ffmpeg's
// EBU R128 meter (the test's own, through the worker's ffmpeg) as the video plays a mono clip.

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

  it('normalises the hosted provider’s raw PCM too (wrapped as a 24 kHz WAV), the same length', async () => {
    // a quiet voice as ElevenLabs' pcm_24000 answers it: Flite's slt 20 dB down, at 24 kHz (linear resampling)
    const slt = readWav((await fliteSpeakTimed('slt', TEXT)).wav)
    const source = (await fliteSpeakTimed('slt', TEXT)).wav.subarray(44)
    const inFrames = source.length / 2
    const outFrames = Math.floor((inFrames * 24_000) / slt.sampleRate)
    const pcm = Buffer.alloc(outFrames * 2)
    for (let i = 0; i < outFrames; i++) {
      const at = (i * slt.sampleRate) / 24_000
      const a = Math.floor(at)
      const b = Math.min(inFrames - 1, a + 1)
      const v = source.readInt16LE(2 * a) * (1 - (at - a)) + source.readInt16LE(2 * b) * (at - a)
      pcm.writeInt16LE(Math.round(v / 10), 2 * i)
    }
    const answer = { audio_base64: pcm.toString('base64'), alignment: null }
    const hosted = elevenLabsProvider({ apiKey: 'sk_fake_0123456789abcdefghijkl', baseUrl: 'http://127.0.0.1:9', modelId: 'm' }, async () => Response.json(answer))
    const said = await hosted.speak(TEXT, 'any')
    expect(said.mime).toBe('audio/wav')
    expect((await measureClip(said.audio, 'wav')).integratedLufs).toBeLessThan(NARRATION_TARGET_LUFS - 10)
    const speech = await synthesize(hosted, TEXT, 'any')
    expect(speech.mime).toBe('audio/wav')
    expect(readWav(speech.audio)).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 })
    expect(speech.seconds).toBeCloseTo(outFrames / 24_000, 3)
    const measured = await measureClip(speech.audio, 'wav')
    expect(Math.abs(measured.integratedLufs - NARRATION_TARGET_LUFS), `${measured.integratedLufs} LUFS`).toBeLessThanOrEqual(0.5)
    expect(measured.truePeakDbtp).toBeLessThanOrEqual(NARRATION_TRUE_PEAK_DBTP + 0.2)
  })

  it('refuses to normalise a compressed clip on the app server (no ffmpeg there), and measures a stored MP3’s length in JS as ffprobe does', async () => {
    const mp3 = await runFf('ffmpeg', ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2.5', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1'])
    await expect(normaliseClip(mp3, 'audio/mpeg')).rejects.toThrow(/16-bit PCM WAV/)
    const file = path.join(dir, 'stored.mp3')
    writeFileSync(file, mp3)
    const probed = JSON.parse((await runFf('ffprobe', ['-print_format', 'json', '-show_streams', file])).toString()) as { streams: { duration: string }[] }
    expect(await measureAudio(mp3, 'audio/mpeg')).toBeCloseTo(Number(probed.streams[0].duration), 3)
    await expect(measureAudio(Buffer.from('not audio at all'), 'audio/mpeg')).rejects.toThrow()
  })
})
