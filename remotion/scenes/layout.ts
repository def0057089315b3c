import { useVideoConfig } from 'remotion';
import type { VideoFormat } from '../constants';

export function formatOf(width: number, height: number): VideoFormat {
  if (width > height) return 'landscape';
  if (height > width) return 'portrait';
  return 'square';
}

/**
 * Margins that keep text clear of crops and app chrome: portrait videos end up in Reels, Shorts
 * and TikTok, whose captions and buttons cover roughly the top 12% and bottom 20% of the frame.
 */
export const SAFE_AREAS: Record<VideoFormat, { top: number; bottom: number; side: number }> = {
  landscape: { top: 80, bottom: 80, side: 112 },
  portrait: { top: 220, bottom: 400, side: 80 },
  square: { top: 72, bottom: 72, side: 80 },
};

export function useLayout() {
  const { width, height } = useVideoConfig();
  const format = formatOf(width, height);
  return { format, width, height, safe: SAFE_AREAS[format] };
}
