import { describe, expect, it } from 'vitest'
import { alignFliteWords, estimateWordTimings, groupSpokenWords, parseSegments, pauseAfter, scriptWords, syllables, wordsFromCharacters } from '@/lib/narration/timing'
import { captionWordSchema } from '@/remotion/schema'

describe('estimated word timings', () => {
  it('shares the audio by syllables, leaves pauses after punctuation, and stays inside lead and tail', () => {
    const words = estimateWordTimings('Welcome home. A beautiful kitchen, bright and open.', 5, { lead: 0.2, tail: 0.3 })
    expect(words.map((w) => w.text)).toEqual(['Welcome', 'home.', 'A', 'beautiful', 'kitchen,', 'bright', 'and', 'open.'])
    expect(words[0].start).toBe(0.2)
    expect(words.at(-1)!.end).toBeCloseTo(4.7, 2)
    for (const w of words) expect(captionWordSchema.safeParse(w).success).toBe(true)
    // in order, never overlapping
    for (let i = 1; i < words.length; i++) expect(words[i].start).toBeGreaterThanOrEqual(words[i - 1].end)
    // "beautiful" (3 syllables) lasts three times "A" (1)
    const len = (i: number) => words[i].end - words[i].start
    expect(len(3) / len(2)).toBeCloseTo(3, 1)
    // a sentence end leaves a longer gap than a comma, and plain words none
    const gap = (i: number) => words[i + 1].start - words[i].end
    expect(gap(1)).toBeGreaterThan(gap(4))
    expect(gap(4)).toBeGreaterThan(0)
    expect(gap(5)).toBe(0)
  })

  it('answers nothing for no text or no audio', () => {
    expect(estimateWordTimings('   ', 3)).toEqual([])
    expect(estimateWordTimings('Hello', 0)).toEqual([])
  })

  it('counts syllables roughly, numbers by their digits, and joins lone punctuation to the word before', () => {
    expect(syllables('home')).toBe(1)
    expect(syllables('kitchen')).toBe(2)
    expect(syllables('beautiful')).toBe(3)
    expect(syllables('st')).toBe(1)
    expect(syllables('$1,200,000')).toBeGreaterThan(5)
    expect(pauseAfter('home.')).toBeGreaterThan(pauseAfter('home,'))
    expect(pauseAfter('home')).toBe(0)
    expect(scriptWords('Light — and air')).toEqual(['Light —', 'and', 'air'])
  })
})

describe('provider timings', () => {
  it('groups character timings into the written words', () => {
    const text = 'Hi, big home.'
    const chars = [...text]
    const starts = chars.map((_, i) => i * 0.1)
    const ends = chars.map((_, i) => i * 0.1 + 0.1)
    expect(wordsFromCharacters(chars, starts, ends)).toEqual([
      { text: 'Hi,', start: 0, end: 0.3 },
      { text: 'big', start: 0.4, end: 0.7 },
      { text: 'home.', start: 0.8, end: 1.3 },
    ])
  })

  it('reads Flite segments with their start and end', () => {
    expect(parseSegments('pau:0.2 hh:0.3 ay:0.5 pau:0.7')).toEqual([
      { phone: 'pau', start: 0, end: 0.2 },
      { phone: 'hh', start: 0.2, end: 0.3 },
      { phone: 'ay', start: 0.3, end: 0.5 },
      { phone: 'pau', start: 0.5, end: 0.7 },
    ])
  })

  it('lines Flite’s phones up with its words and maps them back onto the script (numbers, abbreviations)', () => {
    // Flite's printouts for "Hi 4 you. Dr. Lee" (shortened): the utterance, its words, each word alone
    const segments = 'pau:0.2 hh:0.3 ay:0.5 f:0.6 ao:0.8 r:0.9 y:1.0 uw:1.2 pau:1.5 d:1.6 aa:1.7 k:1.8 t:1.9 er:2.0 l:2.1 iy:2.4 pau:2.6'
    const spoken = ['hi', 'four', 'you', 'doctor', 'lee']
    const phones = 'pau hh ay pau f ao r pau y uw pau d aa k t er pau l iy pau'
    const words = alignFliteWords('Hi 4 you. Dr. Lee', segments, spoken, phones)
    expect(words).toEqual([
      { text: 'Hi', start: 0.2, end: 0.5 },
      { text: '4', start: 0.5, end: 0.9 },
      { text: 'you.', start: 0.9, end: 1.2 },
      { text: 'Dr.', start: 1.5, end: 2.0 },
      { text: 'Lee', start: 2.0, end: 2.4 },
    ])
  })

  it('tolerates a phone that changes in the sentence, and gives up when the printouts disagree', () => {
    // "'s" alone is "eh s", in "Lee's" only "s"
    const words = alignFliteWords("Lee's", 'pau:0.1 l:0.2 iy:0.4 z:0.5 pau:0.6', ['lee', "'s"], 'pau l iy pau eh s pau')
    expect(words).toEqual([{ text: "Lee's", start: 0.1, end: 0.5 }])
    expect(alignFliteWords('Hi there', 'pau:0.1 hh:0.2 ay:0.3 pau:0.4', ['hi', 'there'], 'pau hh ay pau')).toBeNull()
  })

  it('shares unmatched spoken words among unmatched written words by syllables', () => {
    const spoken = [
      { text: 'one', start: 0, end: 0.3 },
      { text: 'hundred', start: 0.3, end: 0.8 },
      { text: 'and', start: 0.8, end: 1.0 },
    ]
    expect(groupSpokenWords(['100', '&'], spoken).map((w) => w.text)).toEqual(['100', '&'])
    const [a, b] = groupSpokenWords(['100', '&'], spoken)
    expect(a.start).toBe(0)
    expect(b.end).toBe(1)
    expect(b.start).toBe(a.end)
  })
})
