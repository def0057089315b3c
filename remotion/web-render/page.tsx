import { renderMediaOnWeb } from '@remotion/web-renderer';
import { compositionId, TEMPLATE_IDS, timelineFor, type TemplateId } from '../catalog';
import { TEMPLATE_COMPONENTS } from '../components';
import { VIDEO_FORMATS, VIDEO_FORMAT_IDS, type VideoFormat } from '../constants';
import type { VideoProps } from '../schema';
import type { WebRenderPart, WebRenderSupport } from './protocol';

/*
 * The page the local worker renders in (lib/render/web-renderer.ts opens it in the system Chromium,
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
      component: TEMPLATE_COMPONENTS[template],
      width: format.width,
      height: format.height,
      fps: timeline.fps,
      durationInFrames: timeline.durationInFrames,
      defaultProps: props,
    },
    inputProps: props,
    frameRange: part.frameRange,
    scale: part.scale,
    container: 'mp4',
    videoCodec: 'h264',
    audioCodec: 'aac',
    videoBitrate: part.videoBitrate,
    audioBitrate: part.audioBitrate,
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
