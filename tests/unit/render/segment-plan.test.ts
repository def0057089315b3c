import { describe, expect, it } from 'vitest'
import { TEMPLATE_IDS, TEMPLATES, completeProps, timelineFor, type TemplateId } from '../../../remotion/catalog.ts'
import { FPS_OPTIONS } from '../../../remotion/constants.ts'
import { buildTimeline, segmentStarts, type TemplatePacing, type Timeline } from '../../../remotion/duration.ts'
import { sampleListing } from '../../../remotion/sample-listing.ts'
import type { PhotoScene, VideoProps } from '../../../remotion/schema.ts'
import { cutFrames, planSegments, type Overlap, type PlannedSegment } from '../../../worker/segments/plan.ts'

/*
 * The render cache's cuts (issue 28, worker/segments/plan.ts): a cut lies in a scene's clean
 * stretch, never inside a transition; the segments cover the frames asked for exactly once; none is
 * shorter than a second unless the whole range is; each lists exactly the timeline segments it shows.
 */

const PHOTOS = ['exterior-dusk', 'living-room', 'kitchen', 'dining-room', 'bedroom', 'pool-garden']

function scenes(count: number, extra: (i: number) => Partial<PhotoScene> = () => ({})): PhotoScene[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `scene-${i + 1}`,
    src: i % 2 ? `media:team-1/photos/${PHOTOS[i % PHOTOS.length]}.jpg` : `/remotion/samples/${PHOTOS[i % PHOTOS.length]}.jpg`,
    caption: `Room ${i + 1}`,
    ...extra(i),
  }))
}

function narration(seconds: number): PhotoScene['narration'] {
  return { src: '/remotion/samples/narration-1.m4a', seconds, text: 'Spoken words.', voiceId: 'flite-slt', timing: 'estimated', words: [{ text: 'Spoken', start: 0.1, end: 0.5 }] }
}

function props(template: TemplateId, sceneList: PhotoScene[], extra: Partial<VideoProps> = {}): VideoProps {
  return completeProps(template, { listing: sampleListing, scenes: sceneList, brandColor: '#1f4e79', fps: 30, locale: 'en-US', ...extra })
}

/** The frames [start, start + transitionFrames) of each timeline segment after the first: its transition in. */
function transitions(timeline: Timeline): [number, number][] {
  const starts = segmentStarts(timeline)
  return starts.slice(1).map((start) => [start, start + timeline.transitionFrames])
}

/** Each timeline segment's clean stretch, [from, to): after its transition in, before its transition out. */
function cleanStretches(timeline: Timeline): [number, number][] {
  const starts = segmentStarts(timeline)
  const t = timeline.transitionFrames
  return timeline.segments.map((segment, i) => [
    starts[i] + (i === 0 ? 0 : t),
    starts[i] + segment.durationInFrames - (i === timeline.segments.length - 1 ? 0 : t),
  ])
}

/** Which timeline segments each frame of the video shows (a frame inside a transition shows two). */
const visibleCache = new WeakMap<Timeline, number[][]>()
function visibleAt(timeline: Timeline): number[][] {
  let visible = visibleCache.get(timeline)
  if (visible) return visible
  const starts = segmentStarts(timeline)
  visible = Array.from({ length: timeline.durationInFrames }, () => [] as number[])
  timeline.segments.forEach((segment, i) => {
    for (let frame = starts[i]; frame < starts[i] + segment.durationInFrames; frame++) visible![frame].push(i)
  })
  visibleCache.set(timeline, visible)
  return visible
}

/** The timeline segments frames [from, to] show, found frame by frame. */
function shownBy(timeline: Timeline, from: number, to: number): Overlap[] {
  const starts = segmentStarts(timeline)
  const visible = visibleAt(timeline)
  const shown = new Set<number>()
  for (let frame = from; frame <= to; frame++) for (const i of visible[frame]) shown.add(i)
  return [...shown].sort((a, b) => a - b).map((i) => {
    const segment = timeline.segments[i]
    return {
      index: i,
      kind: segment.kind,
      ...(segment.sceneIndex === undefined ? {} : { sceneIndex: segment.sceneIndex }),
      start: starts[i],
      durationInFrames: segment.durationInFrames,
    }
  })
}

/** Every rule a plan of frames [first, last] must keep (the problems are gathered, so one failure says all). */
function planProblems(timeline: Timeline, plan: PlannedSegment[], first: number, last: number): string[] {
  const problems: string[] = []
  if (!plan.length) return ['no segments']
  // exactly [first, last], in order, contiguous, no overlap
  if (plan[0].from !== first) problems.push(`starts at ${plan[0].from}, not ${first}`)
  if (plan.at(-1)!.to !== last) problems.push(`ends at ${plan.at(-1)!.to}, not ${last}`)
  plan.forEach((segment, i) => {
    if (segment.to < segment.from) problems.push(`[${segment.from}, ${segment.to}] is empty`)
    if (i > 0 && segment.from !== plan[i - 1].to + 1) problems.push(`[${segment.from}, ${segment.to}] does not follow ${plan[i - 1].to}`)
  })
  // at least a second each, unless the whole range is shorter (then it is one segment)
  if (last - first + 1 < timeline.fps) {
    if (plan.length !== 1) problems.push(`a range under a second in ${plan.length} segments`)
  } else {
    for (const s of plan) if (s.to - s.from + 1 < timeline.fps) problems.push(`[${s.from}, ${s.to}] is shorter than a second`)
  }
  // every cut is one of cutFrames, outside every transition, inside a clean stretch
  const cuts = new Set(cutFrames(timeline))
  const clean = cleanStretches(timeline)
  const inTransition = transitions(timeline)
  for (const { from: cut } of plan.slice(1)) {
    if (!cuts.has(cut)) problems.push(`cut ${cut} is not a cut frame`)
    for (const [from, to] of inTransition) if (cut >= from && cut < to) problems.push(`cut ${cut} inside the transition [${from}, ${to})`)
    if (!clean.some(([from, to], i) => i > 0 && cut >= from && cut < to)) problems.push(`cut ${cut} in no clean stretch`)
  }
  // overlaps: exactly the timeline segments each one shows
  for (const s of plan) {
    const shown = shownBy(timeline, s.from, s.to)
    if (JSON.stringify(s.overlaps) !== JSON.stringify(shown)) problems.push(`[${s.from}, ${s.to}] overlaps ${JSON.stringify(s.overlaps)}, shows ${JSON.stringify(shown)}`)
  }
  return problems
}

function expectValidPlan(timeline: Timeline, plan: PlannedSegment[], first: number, last: number) {
  const where = `first=${first} last=${last} fps=${timeline.fps} t=${timeline.transitionFrames} segments=${timeline.segments.map((s) => s.durationInFrames).join(',')}`
  expect(planProblems(timeline, plan, first, last), where).toEqual([])
}

/** A small, seeded random source, so a failure can be run again. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = s
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** Timelines of every template, several scene counts and frame rates, narrated scenes and a video cut to the maximum length. */
let built: Timeline[] | undefined
function timelines(): Timeline[] {
  if (built) return built
  const out: Timeline[] = []
  for (const template of TEMPLATE_IDS) {
    for (const fps of FPS_OPTIONS) {
      for (const count of [1, 2, 5, 12]) out.push(timelineFor(template, props(template, scenes(count), { fps })))
      // narrated scenes run longer than the pacing; 40 long scenes are shrunk to the maximum length
      out.push(timelineFor(template, props(template, scenes(6, (i) => (i % 2 ? { narration: narration(3 + i) } : { seconds: 1 + i })), { fps })))
      out.push(timelineFor(template, props(template, scenes(40, () => ({ seconds: 12 })), { fps })))
      // no facts and no features card: title, photos, end
      out.push(timelineFor(template, props(template, scenes(3), { fps, show: { facts: false, features: false } })))
    }
  }
  // odd pacings: every segment at its minimum length, long transitions, none at all
  const odd: TemplatePacing[] = [
    { titleSeconds: 0.1, photoSeconds: 0.1, factsSeconds: 0.1, featuresSeconds: 0.1, endSeconds: 0.1, transitionSeconds: 0.3 },
    { titleSeconds: 1, photoSeconds: 1.3, factsSeconds: 2, featuresSeconds: 1, endSeconds: 1, transitionSeconds: 0.9 },
    { titleSeconds: 2, photoSeconds: 1.5, factsSeconds: 2, featuresSeconds: 2, endSeconds: 2, transitionSeconds: 0 },
    { titleSeconds: 0.7, photoSeconds: 0.9, factsSeconds: 0.6, featuresSeconds: 0.8, endSeconds: 0.5, transitionSeconds: 0.1 },
  ]
  for (const pacing of odd) {
    for (const fps of FPS_OPTIONS) {
      for (const count of [1, 3, 9]) out.push(buildTimeline(props('classic-tour', scenes(count), { fps }), pacing))
    }
  }
  return (built = out)
}

/** fps 30, transitions of 10 frames: title 0–99, photo 0 90–169, photo 1 160–220, end 211–310. */
const hand: Timeline = {
  fps: 30,
  transitionFrames: 10,
  durationInFrames: 311,
  segments: [
    { kind: 'title', durationInFrames: 100 },
    { kind: 'photo', sceneIndex: 0, durationInFrames: 80 },
    { kind: 'photo', sceneIndex: 1, durationInFrames: 61 },
    { kind: 'end', durationInFrames: 100 },
  ],
}

describe('cutFrames', () => {
  it('cuts each timeline segment after the first in the middle of its clean stretch', () => {
    // photo 0: clean 100–159 → 130; photo 1: clean 170–200 → floor(381 / 2) = 190; end (no transition out): 221–310 → 266
    expect(cutFrames(hand)).toEqual([130, 190, 266])
  })

  it('gives one cut per timeline segment but the first, increasing, each inside that segment\'s clean stretch', () => {
    const problems: string[] = []
    for (const timeline of timelines()) {
      const cuts = cutFrames(timeline)
      const clean = cleanStretches(timeline)
      if (cuts.length !== timeline.segments.length - 1) problems.push(`${cuts.length} cuts for ${timeline.segments.length} segments`)
      cuts.forEach((cut, i) => {
        const [from, to] = clean[i + 1]
        if (cut < from || cut >= to) problems.push(`cut ${cut} outside segment ${i + 1}'s clean stretch [${from}, ${to})`)
        if (i > 0 && cut <= cuts[i - 1]) problems.push(`cut ${cut} after ${cuts[i - 1]}`)
      })
    }
    expect(problems).toEqual([])
  })

  it('never cuts inside a transition', () => {
    const problems: string[] = []
    for (const timeline of timelines()) {
      for (const cut of cutFrames(timeline)) {
        for (const [from, to] of transitions(timeline)) if (cut >= from && cut < to) problems.push(`cut ${cut} inside [${from}, ${to})`)
      }
    }
    expect(timelines().length).toBeGreaterThan(100)
    expect(problems).toEqual([])
  })
})

describe('planSegments', () => {
  it('plans a hand-made timeline as worked out by hand', () => {
    const plan = planSegments(hand)
    expect(plan.map((s) => [s.from, s.to])).toEqual([[0, 129], [130, 189], [190, 265], [266, 310]])
    expect(plan.map((s) => s.overlaps.map((o) => o.index))).toEqual([[0, 1], [1, 2], [2, 3], [3]])
    expect(plan[1].overlaps).toEqual([
      { index: 1, kind: 'photo', sceneIndex: 0, start: 90, durationInFrames: 80 },
      { index: 2, kind: 'photo', sceneIndex: 1, start: 160, durationInFrames: 61 },
    ])
    // a card has no sceneIndex key at all
    expect(plan[0].overlaps[0]).toEqual({ index: 0, kind: 'title', start: 0, durationInFrames: 100 })
    expect('sceneIndex' in plan[0].overlaps[0]).toBe(false)
    expectValidPlan(hand, plan, 0, 310)
  })

  it('joins a segment shorter than a second to the one before, and never leaves a short one at the end', () => {
    // six 20-frame segments, transitions of 5: starts 0, 15, 30, 45, 60, 75; 95 frames; cuts 25, 40, 55, 70, 87
    const short: Timeline = {
      fps: 30,
      transitionFrames: 5,
      durationInFrames: 95,
      segments: [
        { kind: 'title', durationInFrames: 20 },
        ...[0, 1, 2, 3].map((sceneIndex) => ({ kind: 'photo' as const, sceneIndex, durationInFrames: 20 })),
        { kind: 'end', durationInFrames: 20 },
      ],
    }
    expect(cutFrames(short)).toEqual([25, 40, 55, 70, 87])
    const plan = planSegments(short)
    // 25 is too near the start, 55 too near 40, 70 and 87 too near the end
    expect(plan.map((s) => [s.from, s.to])).toEqual([[0, 39], [40, 94]])
    expect(plan.map((s) => s.overlaps.map((o) => o.index))).toEqual([[0, 1, 2], [2, 3, 4, 5]])
    expectValidPlan(short, plan, 0, 94)
  })

  it('keeps a cut exactly a second from either end of the range, and drops one a frame nearer', () => {
    expect(planSegments(hand, 100, 310).map((s) => s.from)).toEqual([100, 130, 190, 266])
    expect(planSegments(hand, 101, 310).map((s) => s.from)).toEqual([101, 190, 266])
    expect(planSegments(hand, 0, 159).map((s) => s.from)).toEqual([0, 130])
    expect(planSegments(hand, 0, 158).map((s) => s.from)).toEqual([0])
  })

  it('plans a range shorter than a second as one segment', () => {
    for (const [first, last] of [[0, 0], [10, 20], [125, 135], [300, 310], [281, 310]] as const) {
      const plan = planSegments(hand, first, last)
      expect(plan).toHaveLength(1)
      expect(plan[0]).toMatchObject({ from: first, to: last })
      expectValidPlan(hand, plan, first, last)
    }
  })

  it('covers the whole video by default, in segments of a second or more, cut only outside transitions', () => {
    for (const timeline of timelines()) {
      const plan = planSegments(timeline)
      expect(plan).toEqual(planSegments(timeline, 0, timeline.durationInFrames - 1))
      expectValidPlan(timeline, plan, 0, timeline.durationInFrames - 1)
    }
  })

  it('with a template\'s own pacing uses every cut: one segment per timeline segment, each showing it and the next', () => {
    for (const template of TEMPLATE_IDS) {
      for (const fps of FPS_OPTIONS) {
        for (const count of [1, 4, 10]) {
          const timeline = timelineFor(template, props(template, scenes(count), { fps }))
          const plan = planSegments(timeline)
          const n = timeline.segments.length
          expect(plan.map((s) => s.from).slice(1)).toEqual(cutFrames(timeline))
          expect(plan.map((s) => s.overlaps.map((o) => o.index))).toEqual(
            Array.from({ length: n }, (_, i) => (i < n - 1 ? [i, i + 1] : [i])),
          )
        }
      }
    }
  })

  it('respects a frame range: the segments cover [first, last] exactly and keep every rule', () => {
    const next = random(28)
    for (const timeline of timelines()) {
      const total = timeline.durationInFrames
      const ranges: [number, number][] = [
        [0, total - 1],
        [0, Math.min(total - 1, timeline.fps - 1)],
        [0, Math.min(total - 1, timeline.fps)],
        [Math.floor(total / 3), Math.floor((2 * total) / 3)],
        [total - 1, total - 1],
      ]
      // ranges that start or end inside a transition
      for (const [from, to] of transitions(timeline)) if (to > from) ranges.push([from + 1, Math.min(total - 1, to + 2 * timeline.fps)])
      for (let i = 0; i < 6; i++) {
        const a = Math.floor(next() * total)
        const b = Math.floor(next() * total)
        ranges.push([Math.min(a, b), Math.max(a, b)])
      }
      for (const [first, last] of ranges) {
        const plan = planSegments(timeline, first, last)
        expectValidPlan(timeline, plan, first, last)
        // a cut inside the range is one the whole video's plan could make too
        for (const segment of plan.slice(1)) expect(cutFrames(timeline)).toContain(segment.from)
      }
    }
  })

  it('cuts a 30-second portrait reel into several segments', () => {
    const reel = props('social-reel', scenes(10))
    const timeline = timelineFor('social-reel', reel)
    expect(timeline.durationInFrames / timeline.fps).toBeGreaterThan(25)
    expect(timeline.durationInFrames / timeline.fps).toBeLessThan(35)
    const plan = planSegments(timeline)
    expect(plan.length).toBeGreaterThan(3)
    expectValidPlan(timeline, plan, 0, timeline.durationInFrames - 1)
  })

  it('shows each photo scene in the segments around its cut and nowhere else', () => {
    for (const template of TEMPLATE_IDS) {
      const timeline = timelineFor(template, props(template, scenes(5)))
      const plan = planSegments(timeline)
      for (let k = 0; k < 5; k++) {
        const showing = plan.filter((s) => s.overlaps.some((o) => o.kind === 'photo' && o.sceneIndex === k))
        // the segment that ends at its cut and the one that starts there
        expect(showing).toHaveLength(2)
        expect(showing[1].from).toBe(showing[0].to + 1)
        expect(cutFrames(timeline)).toContain(showing[1].from)
      }
    }
  })

  it('(the checks above are not vacuous) finds a gap, a short segment, a cut in a transition and a wrong overlap list', () => {
    const good = planSegments(hand)
    expect(planProblems(hand, good, 0, 310)).toEqual([])
    const withGap = good.map((s, i) => (i === 1 ? { ...s, from: s.from + 1 } : s))
    expect(planProblems(hand, withGap, 0, 310).join()).toMatch(/does not follow/)
    // cut at 160, the first frame of the transition into photo 1
    const inTransition = [{ ...good[0], to: 159 }, { ...good[1], from: 160 }, ...good.slice(2)]
    expect(planProblems(hand, inTransition, 0, 310).join()).toMatch(/inside the transition \[160, 170\)/)
    const short = [{ ...good[0], to: 189 }, { ...good[1], from: 190, to: 200 }, { ...good[2], from: 201 }, good[3]]
    expect(planProblems(hand, short, 0, 310).join()).toMatch(/shorter than a second/)
    const missing = good.map((s, i) => (i === 1 ? { ...s, overlaps: s.overlaps.slice(0, 1) } : s))
    expect(planProblems(hand, missing, 0, 310).join()).toMatch(/overlaps .* shows/)
  })

  it('reads the pacing it is given (the catalog\'s templates differ)', () => {
    const sample = props('classic-tour', scenes(4))
    const counts = TEMPLATE_IDS.map((template) => buildTimeline(sample, TEMPLATES[template].pacing).transitionFrames)
    expect(new Set(counts).size).toBe(TEMPLATE_IDS.length)
  })
})
