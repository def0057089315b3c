import { memo, useMemo } from 'react';
import { interpolate, Sequence, useVideoConfig } from 'remotion';
import { narrationOffsetFrames, segmentStarts, type Timeline } from '../duration';
import { musicUrl } from '../music';
import type { AudioTrack, PhotoScene } from '../schema';
import { MediaAudio } from './media-audio';
import { sameNarrations, sameTimeline } from './same';

/** How long the music takes to go down before a narration starts (seconds): the first word is clear. */
export const DUCK_RAMP_SECONDS = 0.3;
/** How long the music takes to come back up after a narration ends (seconds): a slow, smooth release. */
export const DUCK_RELEASE_SECONDS = 0.8;
/**
 * Music stays down across a pause between two narrations shorter than this (no swell between
 * scenes). The templates' real pauses between two narrated scenes are 0.9 s (Classic Tour, Social
 * Reel) to 1.53 s (Luxury Estate, with its longer transitions); 2.5 s holds across all of them and
 * lets the music up only where a whole card or a silent scene lies between
 * (tests/unit/music/ducking-templates.test.ts measures each template).
 */
export const DUCK_HOLD_GAP_SECONDS = 2.5;
/**
 * The highest level music plays at under a voice, whatever the track's own setting: narration clips
 * are normalised to −16 LUFS and the shipped music to −18 LUFS (lib/audio/targets.ts,
 * docs/music.md), so 0.28 (−11.1 dB) keeps the music at −29.1 LUFS, the voice ≥ 12 dB above it with
 * a decibel to spare. A track with no duck level (videos made before ducking) ducks to this too.
 */
export const MAX_DUCK_VOLUME = 0.28;

/** Frames of the video (from its first frame) during which a scene's narration speaks. */
export type DuckWindow = { from: number; to: number };


/**
 * Where the scenes' narration speaks: each narrated photo scene from `narrationOffsetFrames` after its
 * start for its measured length (cut at the scene's end when the video had to be shortened); windows
 * closer than DUCK_HOLD_GAP_SECONDS are joined.
 */
export function narrationWindows(scenes: readonly PhotoScene[], timeline: Timeline): DuckWindow[] {
  const starts = segmentStarts(timeline);
  const raw: DuckWindow[] = [];
  timeline.segments.forEach((segment, index) => {
    if (segment.kind !== 'photo' || segment.sceneIndex === undefined) return;
    const narration = scenes[segment.sceneIndex]?.narration;
    if (!narration) return;
    const from = starts[index] + narrationOffsetFrames(timeline);
    const to = Math.min(from + Math.ceil(narration.seconds * timeline.fps), starts[index] + segment.durationInFrames);
    if (to > from) raw.push({ from, to });
  });
  raw.sort((a, b) => a.from - b.from);
  const hold = DUCK_HOLD_GAP_SECONDS * timeline.fps;
  const out: DuckWindow[] = [];
  for (const w of raw) {
    const last = out[out.length - 1];
    if (last && w.from - last.to <= hold) last.to = Math.max(last.to, w.to);
    else out.push({ ...w });
  }
  return out;
}

/** A raised-cosine step from 0 (at 0) to 1 (at 1): no corner at either end, so no audible click or jump. */
const smooth = (t: number) => 0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, t)));

/**
 * How far down the music is at a video frame: 0 (full) … 1 (ducked), with smooth ramps around each
 * window: `rampFrames` down before it, `releaseFrames` (by default the same) back up after it.
 */
export function duckAmount(frame: number, windows: readonly DuckWindow[], rampFrames: number, releaseFrames = rampFrames): number {
  let amount = 0;
  for (const w of windows) {
    if (frame >= w.from && frame <= w.to) return 1;
    if (rampFrames > 0 && frame < w.from && frame > w.from - rampFrames) amount = Math.max(amount, smooth(1 - (w.from - frame) / rampFrames));
    if (releaseFrames > 0 && frame > w.to && frame < w.to + releaseFrames) amount = Math.max(amount, smooth(1 - (frame - w.to) / releaseFrames));
  }
  return amount;
}

/** The level a track plays at under a voice: its duck level, never above its volume nor MAX_DUCK_VOLUME. */
export function duckedLevel(track: AudioTrack): number {
  return Math.min(track.duckVolume ?? track.volume, track.volume, MAX_DUCK_VOLUME);
}

/**
 * Volume over a track's own frames: fade in, hold at `volume`, fade out before `endFrame`; with
 * narration windows given, down to `duckedLevel` while a scene speaks.
 * `startFrame` is where the track starts in the video (the windows are in video frames).
 */
export function trackVolume(track: AudioTrack, fps: number, endFrame: number, windows: readonly DuckWindow[] = [], startFrame = 0) {
  const fadeIn = Math.round((track.fadeInSeconds ?? 0) * fps);
  const fadeOut = Math.round((track.fadeOutSeconds ?? 0) * fps);
  const ramp = Math.round(DUCK_RAMP_SECONDS * fps);
  const release = Math.round(DUCK_RELEASE_SECONDS * fps);
  const ducked = duckedLevel(track);
  const ducks = windows.length > 0 && ducked < track.volume;
  return (frame: number) => {
    const rampIn = fadeIn > 0 ? interpolate(frame, [0, fadeIn], [0, 1], { extrapolateRight: 'clamp' }) : 1;
    const rampOut =
      fadeOut > 0
        ? interpolate(frame, [endFrame - fadeOut, endFrame], [1, 0], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' })
        : 1;
    const level = ducks ? track.volume + (ducked - track.volume) * duckAmount(frame + startFrame, windows, ramp, release) : track.volume;
    return level * Math.min(rampIn, rampOut);
  };
}

/**
 * Music loops under the whole video (ducked under the scenes' narration when the templates pass the
 * scenes and timeline); narration starts at its offset and plays once. `@remotion/media`'s <Audio>
 * (WebCodecs) rather than remotion's HTML5 one: it is the only audio the in-browser renderer
 * (worker/web-renderer.ts) mixes, renderMedia and the Player take it too, and in the Player a
 * track that has not loaded enough pauses playback (Buffering) rather than drifting out of sync.
 * The volume curve runs over the whole video (`loopVolumeCurveBehavior="extend"`), not once per loop.
 * Re-renders only when a track, a narration clip or the timeline's frames change (./same.ts).
 */
export const AudioTracks = memo(function AudioTracks({
  music,
  narration,
  scenes,
  timeline,
}: {
  music?: AudioTrack | null;
  narration?: AudioTrack | null;
  scenes?: readonly PhotoScene[];
  timeline?: Timeline;
}) {
  const { fps, durationInFrames } = useVideoConfig();
  const musicStart = music ? Math.round((music.startSeconds ?? 0) * fps) : 0;
  const narrationStart = narration ? Math.round((narration.startSeconds ?? 0) * fps) : 0;
  const windows = music && scenes && timeline ? narrationWindows(scenes, timeline) : [];
  // Remotion evaluates a volume callback over every frame of the video whenever the callback is a new
  // function (for its timeline display), so the curves are kept while nothing they depend on changes:
  // typing a caption re-renders this on each keystroke (npm run bench:editor-profile)
  const windowsKey = windows.map((w) => `${w.from}:${w.to}`).join(';');
  const musicVolume = useMemo(
    () => (music ? trackVolume(music, fps, durationInFrames - musicStart, windows, musicStart) : null),
    // the windows by value (their key): a new array with the same windows keeps the curve
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [music, fps, durationInFrames, musicStart, windowsKey],
  );
  const narrationVolume = useMemo(
    () => (narration ? trackVolume(narration, fps, durationInFrames - narrationStart) : null),
    [narration, fps, durationInFrames, narrationStart],
  );
  return (
    <>
      {music ? (
        <Sequence from={musicStart} name="Music" layout="none">
          <MediaAudio
            src={musicUrl(music.src)}
            loop
            loopVolumeCurveBehavior="extend"
            volume={musicVolume ?? undefined}
          />
        </Sequence>
      ) : null}
      {narration ? (
        <Sequence from={narrationStart} name="Narration" layout="none">
          <MediaAudio
            src={narration.src}
            volume={narrationVolume ?? undefined}
          />
        </Sequence>
      ) : null}
    </>
  );
}, (a, b) => a.music === b.music && a.narration === b.narration && sameTimeline(a.timeline, b.timeline) && sameNarrations(a.scenes, b.scenes));
