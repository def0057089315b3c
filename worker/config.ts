/*
 * The render worker's settings from its environment (scripts/render-worker.ts reads them here, and
 * the tests build the worker exactly as the script does).
 *
 * RENDER_SCALE is a test rig's factor ON the run's own size, never the size itself: a trial run
 * (720p snapshot) renders at 720p with the default 1, and at 360p with RENDER_SCALE=0.5; a team run
 * at its format's size times the factor (issue 26: the factor used to replace the run's own scale, so
 * trial MP4s came out full HD).
 */
export interface WorkerSettings {
  /** the test rig's factor on every run's own size (1 in production) */
  scale: number
  /** test rigs render only the first N frames; undefined: all */
  maxFrames: number | undefined
  renderPath: 'web' | 'renderMedia'
  /** the segment cache (issue 28); RENDER_CACHE=off renders every frame of every run */
  cache: boolean
  /** render ahead when idle (needs the cache); RENDER_AHEAD=off turns it off */
  ahead: boolean
}

export function workerSettings(env: Record<string, string | undefined>): WorkerSettings {
  const scale = Number(env.RENDER_SCALE ?? 1)
  if (!(scale > 0 && scale <= 1)) throw new Error('RENDER_SCALE must be a number in (0, 1]')
  const maxFrames = env.RENDER_MAX_FRAMES ? Number(env.RENDER_MAX_FRAMES) : undefined
  if (maxFrames !== undefined && !(Number.isInteger(maxFrames) && maxFrames > 0)) throw new Error('RENDER_MAX_FRAMES must be a positive integer')
  // RENDER_PATH=renderMedia turns the in-browser path off (Remotion's renderMedia for every run)
  const renderPath = env.RENDER_PATH ?? 'web'
  if (renderPath !== 'web' && renderPath !== 'renderMedia') throw new Error('RENDER_PATH must be web or renderMedia')
  const flag = (name: string) => {
    const value = env[name] ?? 'on'
    if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off`)
    return value === 'on'
  }
  const cache = flag('RENDER_CACHE')
  return { scale, maxFrames, renderPath, cache, ahead: cache && flag('RENDER_AHEAD') }
}
