import type { Timeline } from '../duration';
import type { PhotoScene } from '../schema';

// Value comparisons for the audio layers' React.memo. In the editor's Player every keystroke makes
// new props, scenes and a new timeline object, though typing a caption changes neither the timeline's
// frames nor any narration: the layers that only read those skip the render (their Sequences and
// <Audio> players are a good part of the composition's per-key work: npm run bench:editor-profile).

/** Same frames: fps, length, transitions and every segment's kind, scene and duration. */
export function sameTimeline(a: Timeline | undefined, b: Timeline | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.fps !== b.fps || a.durationInFrames !== b.durationInFrames || a.transitionFrames !== b.transitionFrames) return false;
  if (a.segments.length !== b.segments.length) return false;
  return a.segments.every((s, i) => {
    const t = b.segments[i];
    return s.kind === t.kind && s.sceneIndex === t.sceneIndex && s.durationInFrames === t.durationInFrames;
  });
}

/** The scenes' narration clips are the same (source and measured length, scene by scene). */
export function sameNarrations(a: readonly PhotoScene[] | undefined, b: readonly PhotoScene[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((scene, i) => {
    const x = scene.narration;
    const y = b[i].narration;
    return x === y || (!!x && !!y && x.src === y.src && x.seconds === y.seconds);
  });
}
