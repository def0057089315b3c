import type { CaptionWord, PhotoScene, VideoProps } from '@/remotion/schema'
import { minimalListing } from '../remotion/fixtures'

/** Word timings as an estimator would give them: a share of the time per character, pauses after punctuation. */
export function estimateWords(text: string, secondsPerChar = 0.065): { words: CaptionWord[]; seconds: number } {
  let at = 0.05
  const words = text.split(/\s+/).filter(Boolean).map((word) => {
    const start = at
    const end = start + Math.max(0.12, word.length * secondsPerChar)
    at = end + (/[.!?]$/.test(word) ? 0.35 : /[,;:]$/.test(word) ? 0.18 : 0.04)
    return { text: word, start: round(start), end: round(end) }
  })
  return { words, seconds: round(at + 0.1) }
}

const round = (n: number) => Math.round(n * 1000) / 1000

export const SCRIPTS = [
  'Welcome to 12 Harbour View Road, a bright four-bedroom home above the water.',
  'The open kitchen flows into the living room, with stone benches, a walk-in pantry and doors to the deck.',
  'Upstairs, the main bedroom has its own ensuite and a balcony that catches the morning sun.',
  'Outside, a heated pool, a level lawn and a double garage; the beach is a five-minute walk.',
  'Book a private viewing today.',
]

export function narratedScene(i: number, text: string): PhotoScene {
  const { words, seconds } = estimateWords(text)
  return {
    id: `scene-${i + 1}`,
    src: '/remotion/samples/living-room.jpg',
    script: text,
    narration: { src: `/narration-${i}.wav`, seconds, text, voiceId: 'flite-slt', timing: 'estimated', words },
  }
}

export const narratedProps = (scripts = SCRIPTS, extra: Partial<VideoProps> = {}): VideoProps => ({
  ...minimalListing,
  scenes: scripts.map((text, i) => narratedScene(i, text)),
  captions: { enabled: true, style: 'phrases' },
  ...extra,
})
