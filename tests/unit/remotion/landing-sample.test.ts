import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { probe } from '../../../worker/ffmpeg.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import { defaultMusicTrack } from '../../../lib/videos/defaults.ts'
import { LANDING_NARRATION } from '../../../remotion/landing-narration.ts'
import { landingSampleProps, landingSampleTemplate } from '../../../remotion/landing-sample.ts'

// Issue 25: the landing page's sample video speaks, with the template's music and captions (as a
// new video gets them by default). Its clips are committed files (scripts/landing-narration.ts).

const PUBLIC = path.resolve(import.meta.dirname, '..', '..', '..', 'public')

describe('the landing sample video', () => {
  it('is valid Social Reel props with every scene narrated, its music and captions', () => {
    const checked = validateVideoProps(landingSampleTemplate, 'portrait', landingSampleProps)
    expect(checked.ok).toBe(true)
    expect(landingSampleProps.scenes.every((s) => s.narration && s.script && s.narration.text === s.script)).toBe(true)
    expect(landingSampleProps.music?.src).toBe(defaultMusicTrack('social-reel').src)
    expect(landingSampleProps.music?.duckVolume).toBeLessThan(landingSampleProps.music!.volume!)
    expect(landingSampleProps.captions).toEqual({ enabled: true, style: 'words' })
  })

  it('has an AAC clip per scene as long as recorded, its words inside it', async () => {
    expect(LANDING_NARRATION).toHaveLength(landingSampleProps.scenes.length)
    for (const spoken of LANDING_NARRATION) {
      expect(spoken).not.toBeNull()
      const file = path.join(PUBLIC, spoken!.file)
      expect(existsSync(file), spoken!.file).toBe(true)
      const info = await probe(file)
      expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac')
      expect(Number(info.format.duration)).toBeGreaterThan(1)
      expect(Math.abs(Number(info.format.duration) - spoken!.seconds)).toBeLessThan(0.1)
      expect(spoken!.words.map((w) => w.text).join(' ')).toBe(spoken!.script)
      for (const w of spoken!.words) expect(w.end).toBeLessThanOrEqual(spoken!.seconds + 1e-6)
    }
  })
})
