import { expect } from 'vitest'
import { completeProps, timelineFor } from '../../../remotion/catalog.ts'
import type { Timeline } from '../../../remotion/duration.ts'
import { sampleListing } from '../../../remotion/sample-listing.ts'
import type { ClassicTourProps, PhotoScene, VideoProps } from '../../../remotion/schema.ts'
import { audioKey, videoSegmentKey, type KeyContext } from '../../../worker/segments/keys.ts'
import { planSegments, type PlannedSegment } from '../../../worker/segments/plan.ts'

/*
 * The fixture of the render cache's key tests (segment-keys.test.ts, audio-key.test.ts). The keys (issue 28, worker/segments/keys.ts): a segment's key changes when, and
 * only when, its frames can change: a prop it shows, a picture's content, the template's code, the
 * output; never for the sound, which has a key of its own (audioKey).
 */

export const TEAM = '7d1f0c1e-3a52-4c1b-9d7e-2f8a6b0c4e11'

export const PHOTO = (name: string) => `/remotion/samples/${name}.jpg`
export const REF = (name: string) => `media:${TEAM}/photos/${name}.jpg`

const words = (...list: string[]) => list.map((text, i) => ({ text, start: 0.1 + 0.4 * i, end: 0.4 + 0.4 * i }))

export function baseProps(): ClassicTourProps {
  const scenes: PhotoScene[] = [
    { id: 'a', src: PHOTO('exterior-dusk'), caption: 'Modern living at dusk', motion: 'zoom-in' },
    {
      id: 'b', src: REF('living'), caption: 'Sun-filled living room', script: 'A bright living room.', scriptDraft: 'A bright living room.',
      narration: { src: `media:${TEAM}/narration/b.m4a`, seconds: 2.5, text: 'A bright living room.', voiceId: 'flite-slt', timing: 'estimated', words: words('A', 'bright', 'living', 'room.') },
    },
    { id: 'c', src: PHOTO('kitchen'), caption: "Chef's kitchen with island", motion: 'pan-left' },
    {
      id: 'd', src: REF('dining'), caption: 'Dining for eight',
      narration: { src: '/remotion/samples/narration-4.m4a', seconds: 3, text: 'Dinner for eight.', voiceId: 'flite-slt', timing: 'provider', words: words('Dinner', 'for', 'eight.') },
    },
    { id: 'e', src: PHOTO('bedroom'), caption: 'Calm primary suite' },
  ]
  return completeProps('classic-tour', {
    listing: sampleListing,
    scenes,
    agent: { fullName: 'Maya Thompson', title: 'Senior Listing Agent', phone: '(503) 555-0142', brokerage: 'Harbor Realty Group', photoSrc: PHOTO('agent') },
    brandColor: '#1f4e79',
    music: { src: '/music/front-porch.m4a', volume: 0.6, fadeOutSeconds: 2, duckVolume: 0.2 },
    narration: { src: `media:${TEAM}/narration/voice-over.m4a`, volume: 1, startSeconds: 4 },
    captions: { enabled: true, style: 'words' },
    fps: 30,
    locale: 'en-US',
    theme: 'light',
  })
}

export const CTX: KeyContext = {
  codeVersion: 'a'.repeat(64),
  teamId: TEAM,
  compositionId: 'classic-tour-portrait',
  width: 1080,
  height: 1920,
  fps: 30,
  scale: 1,
  videoBitrate: 3_110_400,
  keyframeIntervalInSeconds: 2,
  mediaVersions: {
    [PHOTO('exterior-dusk')]: 'sha-exterior',
    [REF('living')]: 'obj-living:etag-1:2026-11-01T10:00:00Z',
    [PHOTO('kitchen')]: 'sha-kitchen',
    [REF('dining')]: 'obj-dining:etag-1:2026-11-01T10:00:00Z',
    [PHOTO('bedroom')]: 'sha-bedroom',
    [PHOTO('agent')]: 'sha-agent',
    [`media:${TEAM}/narration/b.m4a`]: 'obj-narration-b:etag-1',
    '/remotion/samples/narration-4.m4a': 'sha-narration-4',
    '/music/front-porch.m4a': 'sha-music',
    [`media:${TEAM}/narration/voice-over.m4a`]: 'obj-voice-over:etag-1',
  },
}

/** A copy of the props with one edit (an edit makes a new object, as in the editor). */
export function edit(props: ClassicTourProps, change: (p: ClassicTourProps) => void): ClassicTourProps {
  const copy = structuredClone(props)
  change(copy)
  return copy
}

export interface Keyed {
  timeline: Timeline
  plan: PlannedSegment[]
  keys: string[]
  audio: string
}

export function keyed(props: VideoProps, ctx: KeyContext = CTX, range?: [number, number]): Keyed {
  const timeline = timelineFor('classic-tour', props)
  const [first, last] = range ?? [0, timeline.durationInFrames - 1]
  const plan = planSegments(timeline, first, last)
  return { timeline, plan, keys: plan.map((s) => videoSegmentKey(ctx, props, timeline, s)), audio: audioKey(ctx, props, timeline, first, last) }
}

/** The segments (by place in the plan) whose keys differ; the two plans must be the same. */
export function changed(a: Keyed, b: Keyed): number[] {
  expect(b.plan).toEqual(a.plan)
  return a.keys.flatMap((key, i) => (key === b.keys[i] ? [] : [i]))
}

export const showsScene = (plan: PlannedSegment[], k: number) =>
  plan.flatMap((s, i) => (s.overlaps.some((o) => o.kind === 'photo' && o.sceneIndex === k) ? [i] : []))
export const showsCard = (plan: PlannedSegment[]) => plan.flatMap((s, i) => (s.overlaps.some((o) => o.kind !== 'photo') ? [i] : []))
export const union = (...lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b)

/** The same value with every object's keys in the reverse order. */
export function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)])) as T
  return value
}

export const base = baseProps()
export const before = keyed(base)
export const SCENES = base.scenes.length
export const ALL = before.keys.map((_, i) => i)
