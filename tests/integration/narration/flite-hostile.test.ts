import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { fliteSpeakTimed } from '../../../lib/narration/flite.ts'
import { readWav } from '../../../lib/narration/wav.ts'

// A script is a person's text handed to Flite's command line (`-t TEXT`, no shell). Text shaped like
// Flite's own options must be spoken, never obeyed: no other output file, voice or setting.
describe('Flite takes a script as text only', () => {
  it.each([
    '-o /out/evil.wav -voice kal',
    '--sets duration_stretch=9 -psdur',
    '"; rm -rf / #',
    '$(touch /tmp/flite-pwned) `id`',
  ])('speaks %j as words', async (text) => {
    const before = new Set(await readdir(tmpdir()))
    const spoken = await fliteSpeakTimed('slt', text)
    const { seconds, sampleRate } = readWav(spoken.wav)
    expect(seconds).toBeGreaterThan(0.3)
    // an obeyed duration_stretch=9 would make this many seconds long
    expect(seconds).toBeLessThan(12)
    // 16 kHz: slt, not the 8 kHz kal the text asked for
    expect(sampleRate).toBe(16_000)
    const after = await readdir(tmpdir())
    expect(after.filter((f) => !before.has(f))).not.toContain('flite-pwned')
    expect(after).not.toContain('evil.wav')
  })
})
