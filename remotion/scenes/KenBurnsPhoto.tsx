import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { Easing, interpolate, useCurrentFrame, useDelayRender, useVideoConfig } from 'remotion';
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
  /** The box the photo fills, in frame pixels; the whole frame unless given. */
  box?: Size;
};

export type Size = { width: number; height: number };

/**
 * The photo's own pixel size, measured before the frame is shown: the render waits for it
 * (delayRender), so every frame makes the same choice. The box comes from the layout's own numbers
 * (frame pixels), never from measuring the page: the Player, the in-browser renderer and renderMedia
 * lay a frame out at different CSS sizes (scaled renders), and must all choose the same crop.
 */
/** natural sizes already read in this page, so a frame mounted later chooses at once (null: unreadable) */
const naturalSizes = new Map<string, Size | null>();

function usePhotoSizes(src: string, boxSize: Size) {
  const box = useRef<HTMLDivElement>(null);
  const known = naturalSizes.get(src);
  // scoped to this render: the in-browser renderer (renderMediaOnWeb) waits only for delays made
  // through useDelayRender; the global delayRender() is invisible to it and its frames were taken early
  const { delayRender, continueRender } = useDelayRender();
  const [read, setRead] = useState<{ src: string; natural: Size | null } | null>(known === undefined ? null : { src, natural: known });
  // the frame is held until the size is read AND the frame drawn with it has been committed
  const [handle] = useState(() => (known === undefined && typeof Image !== 'undefined' ? delayRender(`photo size of ${src}`) : null));
  const resolved = read?.src === src;
  useLayoutEffect(() => {
    if (resolved || typeof Image === 'undefined') return;
    let live = true;
    const finish = (natural: Size | null) => {
      naturalSizes.set(src, natural);
      if (live) setRead({ src, natural });
    };
    const img = new Image();
    img.onload = () => finish({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => finish(null);
    img.src = src;
    return () => {
      live = false;
    };
  }, [src, resolved]);
  // after the commit that drew the chosen crop: only now may the renderer capture this frame
  useLayoutEffect(() => {
    if (resolved && handle !== null) continueRender(handle);
  }, [resolved, handle, continueRender]);
  useLayoutEffect(() => () => {
    if (handle !== null) continueRender(handle);
  }, [handle, continueRender]);
  const sizes = resolved ? { natural: read.natural, box: boxSize } : null;
  return { box, sizes };
}

/**
 * A photo with a slow camera move. The crop and the move follow the photo's real size (photoFit in
 * cards.ts): it is never drawn past MAX_UPSCALE; a photo too small to fill the box is drawn at its
 * sharp size over a darkened copy of itself (no CSS filter: the in-browser renderer does not draw one). `data-fit` says what was chosen.
 */
export function KenBurnsPhoto({ src, durationInFrames, motion, strength = 0.1, style, box: given }: Props) {
  const frame = useCurrentFrame();
  const config = useVideoConfig();
  const { box, sizes } = usePhotoSizes(src, given ?? { width: config.width, height: config.height });
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
        {/* the fill: a darkened copy of the photo. No CSS filter or shadow: the in-browser renderer
            (HTML-in-canvas) draws neither, and the render must look like the Player */}
        <MediaImg src={src} style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scale(1.15)' }} />
        <div style={{ position: 'absolute', inset: 0, backgroundColor: 'rgba(12,12,14,0.55)' }} />
        <div style={{ position: 'absolute', left: '50%', top: '50%', width, height, marginLeft: -width / 2, marginTop: -height / 2, transform }}>
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
