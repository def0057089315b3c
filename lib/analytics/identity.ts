import { z } from 'zod'

/*
 * The PostHog distinct id of a request, so the server evaluates flags for the same person the
 * browser will report as: the signed-in account's id (what the browser identifies with; trial
 * sessions included, so a trial and the account it becomes are one person), else the anonymous id
 * posthog-js keeps in its cookie (ph_{key}_posthog), else a new one that the page hands to
 * posthog-js as its bootstrap.
 */

export function posthogCookieName(key: string): string {
  return `ph_${key}_posthog`
}

const persistedSchema = z.object({ distinct_id: z.string().min(1).max(200) }).loose()

/** The distinct id in posthog-js's cookie value, or null (absent, malformed). */
export function distinctIdFromCookie(value: string | undefined | null): string | null {
  if (!value) return null
  for (const candidate of [value, safeDecode(value)]) {
    try {
      const parsed = persistedSchema.safeParse(JSON.parse(candidate))
      if (parsed.success) return parsed.data.distinct_id
    } catch {
      // try the next form
    }
  }
  return null
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export interface RequestIdentity {
  distinctId: string
  /** the id is the account's: posthog-js treats it as identified */
  identified: boolean
}

export function requestIdentity({ cookie, userId, newId = () => crypto.randomUUID() }: { cookie: string | null; userId: string | null; newId?: () => string }): RequestIdentity {
  if (userId) return { distinctId: userId, identified: true }
  if (cookie) return { distinctId: cookie, identified: false }
  return { distinctId: newId(), identified: false }
}
