import { DEFAULT_FPS, VIDEO_SECONDS } from './constants';
import { cardPlan } from './scenes/cards';
import type { VideoProps } from './schema';

// The one place a video's length is decided. The Player cannot run calculateMetadata, so the
// editor, <Composition calculateMetadata>, the server actions and the renderer all call this.

/** How a template paces its cards; photo scenes use `photoSeconds` unless a scene sets its own. */
export type TemplatePacing = {
  titleSeconds: number;
  photoSeconds: number;
  factsSeconds: number;
  featuresSeconds: number;
  endSeconds: number;
  transitionSeconds: number;
};

/** Silence after a scene's narration before the transition out starts. */
export const NARRATION_TAIL_SECONDS = 0.3;

/** Frame (from the scene's own start) where a photo scene's narration begins: after its transition in. */
export const narrationOffsetFrames = (timeline: Timeline) => timeline.transitionFrames;

export type SegmentKind = 'title' | 'photo' | 'facts' | 'features' | 'end';
export type TimelineSegment = { kind: SegmentKind; durationInFrames: number; sceneIndex?: number };

export type Timeline = {
  fps: number;
  durationInFrames: number;
  transitionFrames: number;
  segments: TimelineSegment[];
};

/** A facts card when there are facts to show (one or two features may join it: cardPlan). */
export const showsFacts = (props: VideoProps) => cardPlan(props).facts.length > 0;

/** A features card of its own for three or more features, or for any when there is no facts card. */
export const showsFeatures = (props: VideoProps) => cardPlan(props).features.length > 0;

const totalFrames = (frames: number[], transitionFrames: number) =>
  frames.reduce((sum, f) => sum + f, 0) - transitionFrames * (frames.length - 1);

// One timeline per props object and pacing: the Player's composition asks on every frame it draws and
// the editor on every render (npm run bench:editor-profile). Props are never changed in place (an edit
// makes a new object), and a timeline is only read, never changed, by whoever gets it.
const timelines = new WeakMap<object, Map<TemplatePacing, Timeline>>();

export function buildTimeline(props: VideoProps, pacing: TemplatePacing): Timeline {
  let byPacing = timelines.get(props);
  if (!byPacing) timelines.set(props, (byPacing = new Map()));
  let timeline = byPacing.get(pacing);
  if (!timeline) byPacing.set(pacing, (timeline = computeTimeline(props, pacing)));
  return timeline;
}

function computeTimeline(props: VideoProps, pacing: TemplatePacing): Timeline {
  const fps = props.fps ?? DEFAULT_FPS;
  const transitionFrames = Math.round(pacing.transitionSeconds * fps);
  // A segment must outlast the transitions into and out of it, with half a second to be seen.
  const minFrames = 2 * transitionFrames + Math.round(fps / 2);
  const toFrames = (seconds: number) => Math.max(minFrames, Math.round(seconds * fps));

  const before: TimelineSegment[] = [{ kind: 'title', durationInFrames: toFrames(pacing.titleSeconds) }];
  const after: TimelineSegment[] = [];
  if (showsFacts(props)) after.push({ kind: 'facts', durationInFrames: toFrames(pacing.factsSeconds) });
  if (showsFeatures(props)) after.push({ kind: 'features', durationInFrames: toFrames(pacing.featuresSeconds) });
  after.push({ kind: 'end', durationInFrames: toFrames(pacing.endSeconds) });

  // A narrated scene lasts long enough for its voice: it starts once the transition in has
  // finished and ends NARRATION_TAIL_SECONDS before the transition out begins.
  let photos: TimelineSegment[] = props.scenes.map((scene, sceneIndex) => ({
    kind: 'photo',
    sceneIndex,
    durationInFrames: Math.max(
      toFrames(scene.seconds ?? pacing.photoSeconds),
      scene.narration ? 2 * transitionFrames + Math.ceil((scene.narration.seconds + NARRATION_TAIL_SECONDS) * fps) : 0,
    ),
  }));

  const maxFrames = VIDEO_SECONDS.max * fps;
  const cardFrames = [...before, ...after].map((s) => s.durationInFrames);
  const all = () => [...cardFrames, ...photos.map((s) => s.durationInFrames)];
  if (totalFrames(all(), transitionFrames) > maxFrames) {
    // Too long: shrink photo scenes proportionally (cards keep their pacing).
    const segmentCount = cardFrames.length + photos.length;
    const budget = maxFrames + transitionFrames * (segmentCount - 1) - cardFrames.reduce((a, b) => a + b, 0);
    const wanted = photos.reduce((sum, s) => sum + s.durationInFrames, 0);
    photos = photos.map((s) => ({
      ...s,
      durationInFrames: Math.max(minFrames, Math.floor((s.durationInFrames * budget) / wanted)),
    }));
  }

  const segments = [...before, ...photos, ...after];
  const minTotal = VIDEO_SECONDS.min * fps;
  const shortBy = minTotal - totalFrames(all(), transitionFrames);
  if (shortBy > 0) segments[segments.length - 1].durationInFrames += shortBy;

  const durationInFrames = totalFrames(
    segments.map((s) => s.durationInFrames),
    transitionFrames,
  );
  return { fps, durationInFrames, transitionFrames, segments };
}

/** Frame where each segment starts, accounting for the overlap of transitions. */
export function segmentStarts(timeline: Timeline): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const segment of timeline.segments) {
    starts.push(at);
    at += segment.durationInFrames - timeline.transitionFrames;
  }
  return starts;
}

/**
 * A frame that stands for a segment (default: the title card): 60 % in, once its entrance has
 * settled and before the next transition. Thumbnails, the first frame the players show and the
 * stills script all use it.
 */
export function posterFrame(timeline: Timeline, segmentIndex = 0): number {
  const segment = timeline.segments[segmentIndex];
  return segmentStarts(timeline)[segmentIndex] + Math.round(segment.durationInFrames * 0.6);
}
