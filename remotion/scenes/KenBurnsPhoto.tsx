import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { continueRender, delayRender, Easing, interpolate, useCurrentFrame } from 'remotion';
import type { PhotoScene } from '../schema';
import { photoFit } from './cards';
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

type Size = { width: number; height: number };

/**
 * The photo's own pixel size and the box it fills (in frame pixels), measured before the frame is
 * shown: the render waits for them (delayRender), so every frame makes the same choice.
 */
function usePhotoSizes(src: string) {
  const box = useRef<HTMLDivElement>(null);
  const [sizes, setSizes] = useState<{ src: string; natural: Size | null; box: Size } | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof Image === 'undefined') return;
    const boxSize = { width: el.offsetWidth, height: el.offsetHeight };
    let done = false;
    const handle = delayRender(`photo size of ${src}`);
    const finish = (natural: Size | null) => {
      if (done) return;
      done = true;
      setSizes({ src, natural, box: boxSize });
      continueRender(handle);
    };
    const img = new Image();
    img.onload = () => finish({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => finish(null);
    img.src = src;
    if (img.complete && img.naturalWidth > 0) finish({ width: img.naturalWidth, height: img.naturalHeight });
    return () => {
      if (!done) {
        done = true;
        continueRender(handle);
      }
    };
  }, [src]);
  return { box, sizes: sizes?.src === src ? sizes : null };
}

/**
 * A photo with a slow camera move. The crop and the move follow the photo's real size (photoFit in
 * cards.ts): it is never drawn past MAX_UPSCALE; a photo too small to fill the box is drawn at its
 * sharp size over a blurred copy of itself. `data-fit` says what was chosen.
 */
export function KenBurnsPhoto({ src, durationInFrames, motion, strength = 0.1, style }: Props) {
  const frame = useCurrentFrame();
  const { box, sizes } = usePhotoSizes(src);
  const fit = photoFit(sizes?.natural ?? null, sizes?.box ?? { width: 1, height: 1 }, strength);
  const t = interpolate(frame, [0, durationInFrames], [0, 1], {
    extrapolateLeft: 'clamp',
    extrapolateRight: 'clamp',
    easing: Easing.inOut(Easing.sin),
  });
  const s = fit.strength;
  const pan = (s / 2) * 100;
  const transform = {
    'zoom-in': `scale(${1 + s * t})`,
    'zoom-out': `scale(${1 + s * (1 - t)})`,
    'pan-left': `scale(${1 + s}) translateX(${pan * (0.5 - t) * 0.9}%)`,
    'pan-right': `scale(${1 + s}) translateX(${pan * (t - 0.5) * 0.9}%)`,
  }[motion];
  const state = sizes ? fit.mode : 'pending';
  if (fit.mode === 'contain' && sizes?.natural) {
    const cover = Math.max(sizes.box.width / sizes.natural.width, sizes.box.height / sizes.natural.height);
    const width = sizes.natural.width * cover * fit.scale;
    const height = sizes.natural.height * cover * fit.scale;
    return (
      <div ref={box} data-fit={state} data-upscale={fit.peakUpscale.toFixed(3)} style={{ position: 'absolute', inset: 0, overflow: 'hidden', backgroundColor: '#111', ...style }}>
        <MediaImg src={src} style={{ width: '100%', height: '100%', objectFit: 'cover', filter: 'blur(36px) brightness(0.62) saturate(1.1)', transform: 'scale(1.15)' }} />
        <div style={{ position: 'absolute', left: '50%', top: '50%', width, height, marginLeft: -width / 2, marginTop: -height / 2, transform, boxShadow: '0 24px 80px rgba(0,0,0,0.45)' }}>
          <MediaImg src={src} style={{ width: '100%', height: '100%', display: 'block' }} />
        </div>
      </div>
    );
  }
  return (
    <div ref={box} data-fit={state} data-upscale={Number.isNaN(fit.peakUpscale) ? undefined : fit.peakUpscale.toFixed(3)} style={{ position: 'absolute', inset: 0, overflow: 'hidden', backgroundColor: '#111', ...style }}>
      <MediaImg src={src} style={{ width: '100%', height: '100%', objectFit: 'cover', transform, willChange: 'transform' }} />
    </div>
  );
}
