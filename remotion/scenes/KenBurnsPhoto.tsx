import type { CSSProperties } from 'react';
import { AbsoluteFill, Easing, interpolate, useCurrentFrame } from 'remotion';
import type { PhotoScene } from '../schema';
import { MediaImg } from './MediaImg';

export type Motion = NonNullable<PhotoScene['motion']>;
const MOTIONS: Motion[] = ['zoom-in', 'pan-left', 'zoom-out', 'pan-right'];

/** Scenes without a chosen motion cycle through the four so consecutive photos never move alike. */
export const motionFor = (scene: PhotoScene, index: number): Motion => scene.motion ?? MOTIONS[index % MOTIONS.length];

type Props = {
  src: string;
  durationInFrames: number;
  motion: Motion;
  /** How far the camera travels: 0.08 is a gentle tour, 0.18 an energetic reel. */
  strength?: number;
  style?: CSSProperties;
};

export function KenBurnsPhoto({ src, durationInFrames, motion, strength = 0.1, style }: Props) {
  const frame = useCurrentFrame();
  const t = interpolate(frame, [0, durationInFrames], [0, 1], {
    extrapolateLeft: 'clamp',
    extrapolateRight: 'clamp',
    easing: Easing.inOut(Easing.sin),
  });
  const pan = (strength / 2) * 100;
  const transform = {
    'zoom-in': `scale(${1 + strength * t})`,
    'zoom-out': `scale(${1 + strength * (1 - t)})`,
    'pan-left': `scale(${1 + strength}) translateX(${pan * (0.5 - t) * 0.9}%)`,
    'pan-right': `scale(${1 + strength}) translateX(${pan * (t - 0.5) * 0.9}%)`,
  }[motion];
  return (
    <AbsoluteFill style={{ overflow: 'hidden', backgroundColor: '#111', ...style }}>
      <MediaImg
        src={src}
        style={{ width: '100%', height: '100%', objectFit: 'cover', transform, willChange: 'transform' }}
      />
    </AbsoluteFill>
  );
}
