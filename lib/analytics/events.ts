import { z } from 'zod'

/*
 * Every product event, in one place: its name and exactly the properties it may carry (strict, so
 * nothing personal rides along by accident: ids, counts and choices only — never names, addresses,
 * emails or typed text). Browser captures and server captures both go through `parseEvent`.
 */

const id = z.uuid()
const short = z.string().min(1).max(60)

export const ANALYTICS_EVENTS = {
  /** the sign-up form was accepted (before the emailed confirmation, when one is needed) */
  signed_up: z.strictObject({ from_trial: z.boolean(), needs_confirmation: z.boolean() }),
  team_created: z.strictObject({ team_id: id, imported_trial: z.boolean() }),
  /** a new listing, with its photos stored */
  listing_registered: z.strictObject({ team_id: id, listing_id: id, photo_count: z.number().int().min(0).max(100) }),
  video_created: z.strictObject({ team_id: id, listing_id: id, video_id: id, template: short, format: short }),
  render_queued: z.strictObject({ team_id: id, video_id: id, run_id: id, codec: short, quality: short }),
  /** sent by the server (the render worker) when the file is stored */
  render_succeeded: z.strictObject({
    run_id: id,
    team_id: id.nullable(),
    trial: z.boolean(),
    template: short,
    format: short,
    codec: short,
    duration_s: z.number().min(0),
    bytes: z.number().int().min(0),
    render_ms: z.number().int().min(0),
  }),
  /** sent by the server (the render worker); `reason` is the sentence the person was shown */
  render_failed: z.strictObject({
    run_id: id,
    team_id: id.nullable(),
    trial: z.boolean(),
    template: short,
    format: short,
    codec: short,
    reason: z.string().min(1).max(300),
  }),
  /** a public share page was opened (by anyone) */
  share_viewed: z.strictObject({ share_id: z.string().regex(/^[A-Za-z0-9_-]{12,64}$/) }),
  try_started: z.strictObject({ fresh: z.boolean() }),
  /** the visitor saw their finished trial video */
  try_finished: z.strictObject({ run_id: id }),
  coupon_redeemed: z.strictObject({ team_id: id, credits: z.number().int().min(0) }),
} as const

export type AnalyticsEvent = keyof typeof ANALYTICS_EVENTS
export type EventProperties<E extends AnalyticsEvent> = z.infer<(typeof ANALYTICS_EVENTS)[E]>

export const ANALYTICS_EVENT_NAMES = Object.keys(ANALYTICS_EVENTS) as AnalyticsEvent[]

/** The properties, checked against the catalogue; null (and a warning) when they do not fit. */
export function parseEvent<E extends AnalyticsEvent>(event: E, properties: EventProperties<E>): EventProperties<E> | null {
  const schema = (ANALYTICS_EVENTS as Record<string, z.ZodType | undefined>)[event]
  if (!schema) {
    console.warn(`[analytics] unknown event ${String(event)}: not sent`)
    return null
  }
  const parsed = schema.safeParse(properties)
  if (!parsed.success) {
    console.warn(`[analytics] ${event}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}: not sent`)
    return null
  }
  return parsed.data as EventProperties<E>
}
