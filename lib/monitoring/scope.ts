import 'server-only'
import * as Sentry from '@sentry/nextjs'

/*
 * Who and which team a server request is about, on that request's scope, for the reports Sentry
 * gets from it: ids only, never an email. No-ops while Sentry is off (SENTRY_DSN unset).
 */

export function setMonitoringUser(userId: string | null): void {
  if (!Sentry.isInitialized()) return
  Sentry.setUser(userId ? { id: userId } : null)
}

export function setMonitoringTeam(teamId: string): void {
  if (!Sentry.isInitialized()) return
  Sentry.setTag('team_id', teamId)
}

/** An unexpected error that was handled (turned into a message for the person): still reported. Answers the event id. */
export function reportServerError(error: unknown, tags: Record<string, string> = {}): string | undefined {
  if (!Sentry.isInitialized()) return undefined
  return Sentry.captureException(error, { tags })
}
