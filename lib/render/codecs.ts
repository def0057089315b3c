import { z } from 'zod'
import type { Tables } from '@/lib/database.types'

// What the browser needs to know about renders (no server code): the formats offered and a run's view.

/** The output formats offered to people (of the spec's codec list, those that make a video file). */
export const OFFERED_CODECS = [
  { codec: 'h264', label: 'MP4 (H.264)', hint: 'Plays everywhere' },
  { codec: 'h265', label: 'MP4 (H.265)', hint: 'Smaller, newer devices' },
  { codec: 'vp9', label: 'WebM (VP9)', hint: 'For the web' },
  { codec: 'gif', label: 'GIF', hint: 'No sound, at most 50 fps' },
] as const
export type OfferedCodec = (typeof OFFERED_CODECS)[number]['codec']

/** The qualities offered (lib/render/quality.ts says what each means to the renderers). */
export const RENDER_QUALITIES = [
  { quality: 'standard', label: 'Standard', hint: 'Sharp on phones and laptops, quick to share' },
  { quality: 'high', label: 'High', hint: 'Finer detail for big screens, about twice the file size' },
] as const
export type RenderQuality = (typeof RENDER_QUALITIES)[number]['quality']

export const renderRequestSchema = z.object({
  quality: z.enum(['standard', 'high'], { message: 'Choose standard or high quality.' }).default('standard'),
  codec: z.enum(OFFERED_CODECS.map((c) => c.codec) as [OfferedCodec, ...OfferedCodec[]], { message: 'Choose one of the offered formats.' }).default('h264'),
  /** the unbranded cut: no agent, brokerage, logo or contact details (docs/narration.md) */
  unbranded: z.boolean({ message: 'Choose whether the cut is unbranded.' }).default(false),
})

export type RenderRunView = Pick<
  Tables<'render_runs'>,
  'id' | 'status' | 'stage' | 'progress' | 'rendered_frames' | 'encoded_frames' | 'reused_frames' | 'total_frames' | 'codec' | 'fps' |
  'error_message' | 'output_bytes' | 'duration_s' | 'created_at' | 'started_at' | 'finished_at' | 'requested_by' | 'renderer' | 'quality'
> & {
  videoUrl: string | null; posterUrl: string | null; downloadUrl: string | null
  /** the unbranded cut (team runs; trial runs never are) */
  unbranded?: boolean
  /** the caption files written beside the video (signed downloads), when its narration had word timings */
  captionsSrtUrl?: string | null; captionsVttUrl?: string | null
}

