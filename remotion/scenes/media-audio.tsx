import type { Audio as RemotionMediaAudio } from '@remotion/media';
import { createElement, useSyncExternalStore, type ComponentProps } from 'react';

type AudioComponent = typeof RemotionMediaAudio;

/*
 * `@remotion/media`'s <Audio> for the scenes' narration and the music (AudioTracks gives why it and
 * not remotion's HTML5 one). Its code, with mediabunny's demuxers and decoders, is ~490 KB of script:
 * the largest single piece of the editor's first load, though no sound is needed before Play.
 *
 * So the templates take it from here. A render's entry (remotion/index.ts through Root.tsx, and the
 * in-browser renderer's page) imports `./media-audio-static`, which provides it before the first frame:
 * every render mixes every clip. The app's Player asks for it after its first picture
 * (`loadMediaAudio`, components/videos/player-impl.tsx); until it arrives the audio layers render
 * nothing, and when it arrives they mount at the Player's current frame.
 */
let provided: AudioComponent | null = null;
let loading: Promise<AudioComponent> | null = null;
const listeners = new Set<() => void>();

/** Makes the component available at once (the render entries). */
export function provideMediaAudio(component: AudioComponent): void {
  provided = component;
  for (const listener of listeners) listener();
}

/** Loads the component (the Player); the same promise on every call. */
export function loadMediaAudio(): Promise<AudioComponent> {
  if (provided) return Promise.resolve(provided);
  loading ??= import('@remotion/media').then(
    ({ Audio }) => {
      provideMediaAudio(Audio);
      return Audio;
    },
    (error: unknown) => {
      // a failed download may be asked again (the next Player, or the next idle moment)
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function mediaAudioReady(): boolean {
  return provided !== null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => provided;

/** `@remotion/media`'s <Audio> once it is loaded; nothing before. */
export function MediaAudio(props: ComponentProps<AudioComponent>) {
  // one module-level component, read from the store (not a type made during render)
  const component = useSyncExternalStore(subscribe, current, current);
  return component ? createElement(component, props) : null;
}
