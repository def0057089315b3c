import { staticFile } from 'remotion';
import { LANDING_NARRATION } from './landing-narration';
import { LANDING_ROOMS, LANDING_TEMPLATE, LANDING_VOICE } from './landing-rooms';
import { shippedTrack } from './music';
import { sampleVideoProps } from './samples';
import type { VideoProps } from './schema';

// The landing page's sample video, as a new video gets it with every default (issue 25): narrated
// (clips spoken offline by Flite, scripts/landing-narration.ts), the template's music (Social Reel:
// Open House, lib/videos/defaults.ts) ducked under the voice, captions on in portrait.

const MUSIC = shippedTrack('/music/open-house.m4a')!;

export const landingSampleTemplate = LANDING_TEMPLATE;

export const landingSampleProps: VideoProps = {
  ...sampleVideoProps,
  brandColor: '#ff5a36',
  scenes: LANDING_ROOMS.map(([photo, caption], i) => {
    const spoken = LANDING_NARRATION[i];
    const scene = { id: `scene-${i + 1}`, src: staticFile(`remotion/samples/${photo}.jpg`), caption };
    if (!spoken) return scene;
    return {
      ...scene,
      script: spoken.script,
      narration: { src: staticFile(spoken.file), seconds: spoken.seconds, text: spoken.script, voiceId: LANDING_VOICE.id, timing: spoken.timing, words: spoken.words },
    };
  }),
  music: { src: MUSIC.src, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 },
  captions: { enabled: true, style: 'words' },
};
