import { z } from 'zod'

// What GET /api/renders/{run_id}/progress answers (no server code: the video page parses it too).

export const RUN_PROGRESS_COLUMNS =
  'id, renderer, status, stage, progress, rendered_frames, encoded_frames, reused_frames, total_frames, error_message, created_at, started_at, finished_at'

export const runProgressSchema = z.object({
  id: z.uuid(),
  renderer: z.enum(['local', 'lambda']),
  status: z.enum(['queued', 'rendering', 'encoding', 'uploading', 'succeeded', 'failed', 'canceled']),
  stage: z.string().nullable(),
  progress: z.number().min(0).max(1),
  rendered_frames: z.number().int().min(0),
  encoded_frames: z.number().int().min(0),
  /** frames the render cache supplied (issue 28); older rows and Lambda runs: 0 */
  reused_frames: z.number().int().min(0).default(0),
  total_frames: z.number().int().positive(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
})
export type RunProgress = z.infer<typeof runProgressSchema>
