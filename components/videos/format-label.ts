import { VIDEO_FORMATS } from '@/remotion/constants'

// Apart from ./format.ts, which imports the template catalogue (compositions, schemas): public pages
// that only name a format (the showcase) would otherwise download every template with it.

/** "Landscape 16:9". */
export function formatLabel(format: string): string {
  return format in VIDEO_FORMATS ? VIDEO_FORMATS[format as keyof typeof VIDEO_FORMATS].label : format
}
