import { Easing, interpolate, spring } from 'remotion';

const clamp = { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' } as const;

/** Opacity and lift for text that rises into place after `delay` frames. */
export function riseIn(frame: number, delay: number, distance = 40, frames = 18) {
  const t = interpolate(frame, [delay, delay + frames], [0, 1], { ...clamp, easing: Easing.out(Easing.cubic) });
  return { opacity: t, transform: `translateY(${(1 - t) * distance}px)` };
}

export function fadeIn(frame: number, delay: number, frames = 18) {
  return interpolate(frame, [delay, delay + frames], [0, 1], clamp);
}

export function pop(frame: number, fps: number, delay: number) {
  return spring({ frame: frame - delay, fps, config: { damping: 14, stiffness: 160, mass: 0.7 } });
}

/** 0→1 over a span of frames, for lines and bars that draw themselves. */
export function grow(frame: number, delay: number, frames: number) {
  return interpolate(frame, [delay, delay + frames], [0, 1], { ...clamp, easing: Easing.inOut(Easing.cubic) });
}
