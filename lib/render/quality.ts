import type { Codec } from '@remotion/renderer'
import type { RenderQuality } from './codecs'

/*
 * What a run's quality means to each renderer. 'standard' keeps the file within 1.5× the size of
 * Remotion's default pipeline for the same video (measured by `npm run bench:render`); 'high' spends
 * about twice the bits, for a sharper picture on big screens.
 */

/** The in-browser H.264 encoder works to a target bitrate (no CRF): bits per pixel per frame. */
export const WEB_BITS_PER_PIXEL: Record<RenderQuality, number> = { standard: 0.05, high: 0.1 }

/** Remotion's default CRF per codec (renderMedia and Lambda); 'high' takes 4 off (lower is better). */
const DEFAULT_CRF: Partial<Record<Codec, number>> = { h264: 18, h265: 23, vp8: 9, vp9: 28, 'h264-mkv': 18, 'h264-ts': 18 }

/** The CRF to pass, or undefined for the codec's own default (standard, or a codec without CRF). */
export function crfFor(codec: Codec, quality: RenderQuality): number | undefined {
  const crf = DEFAULT_CRF[codec]
  return quality === 'high' && crf !== undefined ? crf - 4 : undefined
}
