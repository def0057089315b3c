// Frames out of a video file and SSIM between two pictures (the render benchmark and the render
// tests compare the in-browser path with renderMedia and with the Player's stills).
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { runFf } from '../../worker/ffmpeg';

export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** One frame (by index) of a video as RGBA pixels, decoded by ffmpeg at the video's own size or at `size`. */
export async function frameOf(file: string, frame: number, fps: number, size: { width: number; height: number }): Promise<Rgba> {
  return decode(['-ss', ((frame + 0.5) / fps).toFixed(4), '-i', file], size);
}

/** A picture file (PNG, JPEG) as RGBA at `size`. */
export async function pictureOf(file: string, size: { width: number; height: number }): Promise<Rgba> {
  return decode(['-i', file], size);
}

async function decode(input: string[], size: { width: number; height: number }): Promise<Rgba> {
  // Remotion's ffmpeg has no rawvideo muxer: a PNG through the pipe, decoded by sharp. accurate_rnd and
  // full_chroma_int: swscale's fast limited-range path reads dark frames 2–3 levels too dark.
  const png = await runFf('ffmpeg', [
    ...input, '-frames:v', '1',
    '-vf', `scale=${size.width}:${size.height}:flags=bicubic+accurate_rnd+full_chroma_int`, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1',
  ]);
  const raw = await sharp(png).ensureAlpha().raw().toBuffer();
  if (raw.length !== size.width * size.height * 4) throw new Error(`${input.join(' ')}: got ${raw.length} bytes`);
  return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length), width: size.width, height: size.height };
}

/** Mean SSIM (Wang et al., ssim.js defaults: grey, 11×11 Gaussian window, the original downsampling). */
export const ssimOf = (a: Rgba, b: Rgba) => ssim(a, b).mssim;

/** Mean of each channel: a coarse colour check (a range or matrix mix-up moves these by 5–20). */
export function meanRgb({ data }: Rgba): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    sum[0] += data[i];
    sum[1] += data[i + 1];
    sum[2] += data[i + 2];
  }
  const n = data.length / 4;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** `count` frame indexes spread evenly over `frames`, away from the very first and last frame. */
export const spreadFrames = (frames: number, count: number) =>
  Array.from({ length: count }, (_, i) => Math.min(frames - 1, Math.round(((i + 0.5) * frames) / count)));
