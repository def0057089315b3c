import '../scenes/media-audio-static';
import { renderMediaOnWeb } from '@remotion/web-renderer';
import type { ComponentType } from 'react';
import { AbsoluteFill } from 'remotion';
import { compositionId, TEMPLATE_IDS, timelineFor, type TemplateId } from '../catalog';
import { TEMPLATE_COMPONENTS } from '../components';
import { VIDEO_FORMATS, VIDEO_FORMAT_IDS, type VideoFormat } from '../constants';
import type { VideoProps } from '../schema';
import type { WebRenderPart, WebRenderSupport } from './protocol';

/*
 * The page the local worker renders in (worker/web-renderer.ts opens it in the system Chromium,
 * two tabs at a time, each with half the frames). The same components, props and duration code as
 * the Player and renderMedia; `@remotion/web-renderer` paints each frame with Chromium's
 * HTML-in-canvas (drawElementImage) and encodes it with WebCodecs, so no screenshot is taken and
 * no frame leaves the browser until the finished MP4 is uploaded back to the worker.
 */

declare global {
  interface Window {
    webRenderSupport: () => Promise<WebRenderSupport>;
    webRenderPart: (part: WebRenderPart) => Promise<{ bytes: number; frames: number }>;
    webRenderAbort: () => void;
    /** exposed by the worker (Playwright's exposeFunction) */
    webRenderProgress?: (part: number, renderedFrames: number, encodedFrames: number) => void;
  }
}

type Html2D = CanvasRenderingContext2D & { drawElementImage?: unknown };

function findComposition(id: string) {
  for (const template of TEMPLATE_IDS) {
    for (const format of VIDEO_FORMAT_IDS) {
      if (compositionId(template, format) === id) return { template, format };
    }
  }
  return null;
}

/*
 * Chromium's WebCodecs encoder turns the canvas into full-range BT.709 YUV (it flags it yuvj420p).
 * Players treat full range unevenly, so the file must be limited range (yuv420p: Y 16–235, chroma
 * 16–240). Instead of a second encode, each frame is painted already squeezed by one SVG colour
 * matrix (one primitive, so one rounding): every channel v becomes 16/255 + v × 219/255, so Y lands
 * in 16–235, and SVG's saturate by 224/219 (it keeps luma with BT.709's weights, the encoder's
 * matrix) gives chroma the scale limited range uses. worker/web-parts.ts then flags the stream
 * as limited range. Measured against the unsqueezed output: mean Y within 0.5 of the prediction,
 * SSIM ≥ 0.995; against renderMedia, mean colours within 1 (`npm run bench:render`).
 */
const SQUEEZE = 219 / 255;
const OFFSET = 16 / 255;
const SATURATE = 224 / 219;
const SATURATE_ROWS = [
  [0.213 + 0.787 * SATURATE, 0.715 - 0.715 * SATURATE, 0.072 - 0.072 * SATURATE],
  [0.213 - 0.213 * SATURATE, 0.715 + 0.285 * SATURATE, 0.072 - 0.072 * SATURATE],
  [0.213 - 0.213 * SATURATE, 0.715 - 0.715 * SATURATE, 0.072 + 0.928 * SATURATE],
];
export const LIMITED_RANGE_MATRIX = [
  ...SATURATE_ROWS.flatMap((row) => [...row.map((v) => (v * SQUEEZE).toFixed(6)), '0', OFFSET.toFixed(6)]),
  ...['0', '0', '0', '1', '0'],
].join(' ');

const limited = new Map<TemplateId, ComponentType<VideoProps>>();
function limitedRange(template: TemplateId): ComponentType<VideoProps> {
  let Wrapped = limited.get(template);
  if (!Wrapped) {
    const Template = TEMPLATE_COMPONENTS[template];
    Wrapped = function LimitedRange(props: VideoProps) {
      return (
        <AbsoluteFill style={{ filter: 'url(#limited-range)' }}>
          <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden>
            <filter id="limited-range" colorInterpolationFilters="sRGB" x="0" y="0" width="100%" height="100%">
              <feColorMatrix type="matrix" colorInterpolationFilters="sRGB" values={LIMITED_RANGE_MATRIX} />
            </filter>
          </svg>
          <Template {...props} />
        </AbsoluteFill>
      );
    };
    limited.set(template, Wrapped);
  }
  return Wrapped;
}

let controller: AbortController | null = null;

window.webRenderAbort = () => controller?.abort();

window.webRenderSupport = async () => {
  const htmlInCanvas =
    typeof (CanvasRenderingContext2D.prototype as Html2D).drawElementImage === 'function' && 'requestPaint' in HTMLCanvasElement.prototype;
  if (!htmlInCanvas) return { ok: false, reason: 'this Chromium has no HTML-in-canvas (drawElementImage, requestPaint)' };
  if (typeof VideoEncoder === 'undefined') return { ok: false, reason: 'this Chromium has no WebCodecs VideoEncoder' };
  const h264 = await VideoEncoder.isConfigSupported({ codec: 'avc1.640028', width: 1920, height: 1080, bitrate: 4e6, framerate: 30 });
  if (!h264.supported) return { ok: false, reason: 'this Chromium cannot encode H.264 High with WebCodecs' };
  return { ok: true, reason: null };
};

window.webRenderPart = async (part) => {
  const found = findComposition(part.compositionId);
  if (!found) throw new Error(`unknown composition ${part.compositionId}`);
  const template: TemplateId = found.template;
  const format = VIDEO_FORMATS[found.format as VideoFormat];
  const props = part.inputProps as unknown as VideoProps;
  const timeline = timelineFor(template, props);
  controller = new AbortController();
  let frames = 0;
  const { getBlob } = await renderMediaOnWeb({
    composition: {
      id: part.compositionId,
      component: limitedRange(template),
      width: format.width,
      height: format.height,
      fps: timeline.fps,
      durationInFrames: timeline.durationInFrames,
      defaultProps: props,
    },
    inputProps: props,
    frameRange: part.frameRange,
    scale: part.scale,
    // a part is an intermediate: MOV with PCM audio, so it has exact sample counts and no AAC
    // priming (which would shift the music at every join); the worker encodes AAC once, at the end
    container: part.audioOnly ? 'wav' : 'mov',
    ...(part.audioOnly ? {} : { videoCodec: 'h264' as const }),
    audioCodec: 'pcm-s16',
    videoBitrate: part.videoBitrate,
    keyframeIntervalInSeconds: part.keyframeIntervalInSeconds,
    muted: part.muted,
    allowHtmlInCanvas: true,
    hardwareAcceleration: 'prefer-software',
    delayRenderTimeoutInMilliseconds: part.timeoutMs,
    logLevel: 'error',
    signal: controller.signal,
    onProgress: ({ renderedFrames, encodedFrames }) => {
      frames = renderedFrames;
      window.webRenderProgress?.(part.part, renderedFrames, encodedFrames);
    },
  });
  const blob = await getBlob();
  const response = await fetch(part.uploadUrl, { method: 'PUT', body: blob });
  if (!response.ok) throw new Error(`uploading part ${part.part} to the worker failed: HTTP ${response.status}`);
  return { bytes: blob.size, frames };
};
