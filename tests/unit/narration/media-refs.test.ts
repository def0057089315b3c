import { describe, expect, it } from 'vitest'
import { collectMediaRefs, refsOutsideTeam, withMediaUrls } from '@/lib/videos/media-refs'
import { sampleListing } from '@/remotion/sample-listing'
import type { VideoProps } from '@/remotion/schema'

const TEAM = '11111111-1111-4111-8111-111111111111'
const clip = `media:${TEAM}/narration/${'a'.repeat(64)}.wav`
const props = (): VideoProps =>
  ({
    listing: sampleListing,
    scenes: [
      { id: 's1', src: `media:${TEAM}/p/1.jpg`, script: 'Hi', narration: { src: clip, seconds: 1.2, text: 'Hi', voiceId: 'v', timing: 'estimated', words: [{ text: 'Hi', start: 0, end: 1 }] } },
      { id: 's2', src: `media:${TEAM}/p/2.jpg` },
    ],
  }) as VideoProps

describe('scene narration clips are media like the rest', () => {
  it('are collected, swapped for their URL in the Player and renders, and checked to stay in the team', () => {
    expect(collectMediaRefs(props())).toContain(clip)
    const swapped = withMediaUrls(props(), { [clip]: 'https://signed/clip.wav' })
    expect(swapped.scenes[0].narration?.src).toBe('https://signed/clip.wav')
    expect(swapped.scenes[0].narration?.words).toEqual(props().scenes[0].narration?.words)
    expect(swapped.scenes[1]).not.toHaveProperty('narration')
    expect(refsOutsideTeam(props(), '22222222-2222-4222-8222-222222222222')).toContain(clip)
  })
})
