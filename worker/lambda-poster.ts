import { stat } from 'node:fs/promises'
import { runFf } from './ffmpeg'

/*
 * A poster for a Lambda render, cut from the rendered file itself (one frame, a few hundred
 * milliseconds) with the ffmpeg Remotion ships beside the renderer (worker/ffmpeg.ts), so no second
 * Lambda call (renderStillOnLambda) is paid for. The worker cuts it when it finishes a Lambda run
 * (worker/lambda-finish.ts). Best effort: without it the run still succeeds, posterless.
 */

/** Writes the frame at `seconds` of `video` as a JPEG to `poster`. Rejects with ffmpeg's last words. */
export async function cutPoster(video: string, seconds: number, poster: string, timeoutMs = 20_000): Promise<void> {
  await runFf('ffmpeg', ['-y', '-ss', Math.max(0, seconds).toFixed(3), '-i', video, '-frames:v', '1', '-q:v', '3', poster], AbortSignal.timeout(timeoutMs))
  // a seek past the end exits 0 on some builds with no picture written
  if (!((await stat(poster)).size > 0)) throw new Error('ffmpeg wrote an empty poster')
}
