import { describe, expect, it } from 'vitest'
import { fliteSpeakTimed } from '../../../lib/narration/flite.ts'
import { localProvider } from '../../../lib/narration/local.ts'
import { synthesize } from '../../../lib/narration/speak.ts'
import { spokenForm, type SpokenFormOptions } from '../../../lib/narration/spoken-form/index.ts'
import { scriptWords } from '../../../lib/narration/timing.ts'

// The real local voice (Flite, WASI, child processes) reads the spoken form: its own printed word
// list (-pw) says "pounds", "square metres", "half" and "eleven eighty", and the captions it times
// are still the script's written words, in order, inside the clip.
const LINES: [SpokenFormOptions, string, string[][]][] = [
  [{ locale: 'en-GB', currency: 'GBP' }, 'The rent is £1,650 pcm.', [['one', 'thousand', 'six', 'hundred', 'and', 'fifty', 'pounds', 'a', 'month']]],
  [{ locale: 'en-AU', currency: 'AUD' }, 'It spans 48 m² of living space.', [['forty', 'eight', 'square', 'metres']]],
  [{ locale: 'en-US', currency: 'USD' }, 'There are 3.5 bathrooms and 5,800 sq ft.', [['three', 'and', 'a', 'half', 'bathrooms'], ['eight', 'hundred', 'square', 'feet']]],
  [{ locale: 'en-US', currency: 'USD' }, 'Welcome to 1180 Old Mill Road.', [['eleven', 'eighty', 'old', 'mill', 'road']]],
]

const inOrder = (haystack: string[], needle: string[]) => {
  const at = haystack.findIndex((_, k) => needle.every((w, n) => haystack[k + n] === w))
  return at >= 0
}

describe('Flite reads the spoken form', () => {
  it.each(LINES)('%o: %j', async (options, line, expected) => {
    const form = spokenForm(line, options)
    const printed = await fliteSpeakTimed('slt', form.text)
    for (const said of expected) expect(inOrder(printed.words, said), printed.words.join(' ')).toBe(true)

    const speech = await synthesize(localProvider, line, 'slt', options)
    expect(speech.spoken).toBe(form.text)
    expect(speech.timing).toBe('provider')
    expect(speech.words.map((w) => w.text)).toEqual(scriptWords(line))
    let last = 0
    for (const w of speech.words) {
      expect(w.start).toBeGreaterThanOrEqual(last - 0.001)
      expect(w.end).toBeGreaterThan(w.start)
      expect(w.end).toBeLessThanOrEqual(speech.seconds)
      last = w.end
    }
  }, 120_000)
})
