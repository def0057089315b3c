import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS, TEMPLATES, timelineFor } from '@/remotion/catalog';
import { VIDEO_SECONDS } from '@/remotion/constants';
import { buildTimeline, posterFrame, segmentStarts, type TemplatePacing } from '@/remotion/duration';
import type { VideoProps } from '@/remotion/schema';
import { maximalListing, minimalListing } from './fixtures';

const pacing: TemplatePacing = { titleSeconds: 4, photoSeconds: 3, factsSeconds: 4, featuresSeconds: 4, endSeconds: 5, transitionSeconds: 0.5 };
const withScenes = (count: number, seconds?: number): VideoProps => ({
  ...minimalListing,
  scenes: Array.from({ length: count }, (_, i) => ({ id: `s${i}`, src: '/p.jpg', seconds })),
});

describe('the shared duration function', () => {
  it('adds the segments and subtracts each transition overlap', () => {
    // title 120 + 2 photos × 90 + end 150 frames, minus 3 transitions of 15 frames
    const timeline = buildTimeline(withScenes(2), pacing);
    expect(timeline.segments.map((s) => s.kind)).toEqual(['title', 'photo', 'photo', 'end']);
    expect(timeline.durationInFrames).toBe(120 + 90 + 90 + 150 - 3 * 15);
  });

  it('picks a poster frame 60 % into a segment, inside it and before the next transition', () => {
    // title 120 frames: frame 72; photo 2 starts at 120 − 15 + 90 − 15 = 180, 90 frames: frame 234
    const timeline = buildTimeline(withScenes(2), pacing);
    expect(posterFrame(timeline)).toBe(72);
    expect(posterFrame(timeline, 2)).toBe(180 + 54);
    for (const template of TEMPLATE_IDS) {
      const t = timelineFor(template, withScenes(40, 12));
      const starts = segmentStarts(t);
      t.segments.forEach((segment, i) => {
        const frame = posterFrame(t, i);
        expect(frame).toBeGreaterThanOrEqual(starts[i] + t.transitionFrames);
        expect(frame).toBeLessThan(starts[i] + segment.durationInFrames - t.transitionFrames);
      });
    }
  });

  it('uses a scene’s own seconds over the template pace', () => {
    const timeline = buildTimeline({ ...withScenes(1), scenes: [{ id: 'a', src: '/a.jpg', seconds: 7 }] }, pacing);
    expect(timeline.segments[1].durationInFrames).toBe(210);
  });

  it('adds the facts and features cards only when there is something to show and they are switched on', () => {
    const full: VideoProps = { ...withScenes(1), listing: { ...minimalListing.listing, bedrooms: 3, features: ['Garden', 'Garage', 'Cellar'] } };
    expect(buildTimeline(full, pacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'facts', 'features', 'end']);
    // issue 25: one feature joins the facts card instead of a card of its own
    const one = { ...full, listing: { ...full.listing, features: ['Garden'] } };
    expect(buildTimeline(one, pacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'facts', 'end']);
    const off = { ...full, show: { facts: false, features: false } };
    expect(buildTimeline(off, pacing).segments.map((s) => s.kind)).toEqual(['title', 'photo', 'end']);
  });

  it('follows the fps: the same video at 60 fps has twice the frames of 30 fps', () => {
    const at30 = buildTimeline({ ...withScenes(3), fps: 30 }, pacing);
    const at60 = buildTimeline({ ...withScenes(3), fps: 60 }, pacing);
    expect(at60.durationInFrames).toBe(at30.durationInFrames * 2);
    expect(buildTimeline({ ...withScenes(3), fps: 24 }, pacing).fps).toBe(24);
  });

  it.each(TEMPLATE_IDS)('keeps %s within 5–120 seconds for 1 and for 40 long photos', (template) => {
    for (const props of [minimalListing, maximalListing, withScenes(40, 12)]) {
      const { durationInFrames, fps } = timelineFor(template, props);
      expect(Number.isInteger(durationInFrames)).toBe(true);
      expect(durationInFrames / fps).toBeGreaterThanOrEqual(VIDEO_SECONDS.min);
      expect(durationInFrames / fps).toBeLessThanOrEqual(VIDEO_SECONDS.max);
    }
  });

  it.each(TEMPLATE_IDS)('gives every %s segment time to outlast its transitions', (template) => {
    const timeline = timelineFor(template, withScenes(40, 1));
    for (const segment of timeline.segments) expect(segment.durationInFrames).toBeGreaterThan(2 * timeline.transitionFrames);
  });

  it('stretches the end card when a video would be shorter than 5 seconds', () => {
    const quick: TemplatePacing = { titleSeconds: 1, photoSeconds: 1, factsSeconds: 1, featuresSeconds: 1, endSeconds: 1, transitionSeconds: 0 };
    const timeline = buildTimeline(withScenes(1), quick);
    expect(timeline.durationInFrames).toBe(150);
    expect(timeline.segments.at(-1)?.durationInFrames).toBe(90);
  });

  it('places segments so that consecutive ones overlap by one transition', () => {
    const timeline = buildTimeline(withScenes(2), pacing);
    expect(segmentStarts(timeline)).toEqual([0, 105, 180, 255]);
    const last = timeline.segments.length - 1;
    expect(segmentStarts(timeline)[last] + timeline.segments[last].durationInFrames).toBe(timeline.durationInFrames);
  });

  it('is what each template’s pacing says', () => {
    for (const id of TEMPLATE_IDS) expect(timelineFor(id, minimalListing)).toEqual(buildTimeline(minimalListing, TEMPLATES[id].pacing));
  });
});
