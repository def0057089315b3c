import { memo } from 'react';
import { Sequence } from 'remotion';
import { narrationOffsetFrames, segmentStarts, type Timeline } from '../duration';
import type { PhotoScene } from '../schema';
import { MediaAudio } from './media-audio';
import { sameNarrations, sameTimeline } from './same';

/**
 * Each narrated photo scene's voice (lib/narration makes it: `scene.narration`), starting
 * narrationOffsetFrames after the scene starts, i.e. once its transition in has finished; the
 * timeline already made the scene long enough for it. One layer over the whole video (like the music
 * in AudioTracks), so the three templates share it. `@remotion/media`'s <Audio> for the reasons
 * AudioTracks gives (the in-browser renderer mixes only it; the Player buffers instead of drifting).
 * A source still holding a `media:` ref has no URL (deleted file, no permission): it is left out
 * rather than requested. Re-renders only when a clip or the timeline's frames change (./same.ts).
 */
export const SceneNarration = memo(function SceneNarration({ scenes, timeline }: { scenes: PhotoScene[]; timeline: Timeline }) {
  const starts = segmentStarts(timeline);
  const offset = narrationOffsetFrames(timeline);
  return (
    <>
      {timeline.segments.map((segment, index) => {
        const narration = segment.kind === 'photo' ? scenes[segment.sceneIndex ?? -1]?.narration : undefined;
        if (!narration || narration.src.startsWith('media:')) return null;
        return (
          <Sequence
            key={`narration-${segment.sceneIndex}`}
            from={starts[index] + offset}
            durationInFrames={Math.max(1, segment.durationInFrames - offset)}
            name={`Narration ${(segment.sceneIndex ?? 0) + 1}`}
            // mounted a second early in the Player so the clip has loaded when its scene speaks
            premountFor={timeline.fps}
          >
            <MediaAudio src={narration.src} />
          </Sequence>
        );
      })}
    </>
  );
}, (a, b) => sameTimeline(a.timeline, b.timeline) && sameNarrations(a.scenes, b.scenes));
