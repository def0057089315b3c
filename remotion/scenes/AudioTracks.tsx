import { Audio } from '@remotion/media';
import { interpolate, Sequence, useVideoConfig } from 'remotion';
import type { AudioTrack } from '../schema';

/** Volume over a track's own frames: fade in, hold at `volume`, fade out before `endFrame`. */
export function trackVolume(track: AudioTrack, fps: number, endFrame: number) {
  const fadeIn = Math.round((track.fadeInSeconds ?? 0) * fps);
  const fadeOut = Math.round((track.fadeOutSeconds ?? 0) * fps);
  return (frame: number) => {
    const rampIn = fadeIn > 0 ? interpolate(frame, [0, fadeIn], [0, 1], { extrapolateRight: 'clamp' }) : 1;
    const rampOut =
      fadeOut > 0
        ? interpolate(frame, [endFrame - fadeOut, endFrame], [1, 0], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' })
        : 1;
    return track.volume * Math.min(rampIn, rampOut);
  };
}

/**
 * Music loops under the whole video; narration starts at its offset and plays once. `@remotion/media`'s
 * <Audio> (WebCodecs) rather than remotion's HTML5 one: it is the only audio the in-browser renderer
 * (lib/render/web-renderer.ts) mixes, renderMedia and the Player take it too, and in the Player a
 * track that has not loaded enough pauses playback (Buffering) rather than drifting out of sync.
 */
export function AudioTracks({ music, narration }: { music?: AudioTrack | null; narration?: AudioTrack | null }) {
  const { fps, durationInFrames } = useVideoConfig();
  return (
    <>
      {music ? (
        <Sequence from={Math.round((music.startSeconds ?? 0) * fps)} name="Music" layout="none">
          <Audio src={music.src} loop volume={trackVolume(music, fps, durationInFrames - Math.round((music.startSeconds ?? 0) * fps))} />
        </Sequence>
      ) : null}
      {narration ? (
        <Sequence from={Math.round((narration.startSeconds ?? 0) * fps)} name="Narration" layout="none">
          <Audio
            src={narration.src}
            volume={trackVolume(narration, fps, durationInFrames - Math.round((narration.startSeconds ?? 0) * fps))}
          />
        </Sequence>
      ) : null}
    </>
  );
}
