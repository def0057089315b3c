import * as Sentry from '@sentry/nextjs'
import { z } from 'zod'
import { isAdmin } from '@/lib/auth/user'
import { reportServerError } from '@/lib/monitoring/scope'

/*
 * /admin/dev/sentry-example's server side (administrators only; others get 404). GET does a little
 * traced work (a span in the trace the page's button started); POST throws in a route handler on
 * purpose and answers 500 with the id of the report Sentry got (null when Sentry is off).
 */

const noInput = z.object({}).strict()

function failOnPurpose(): never {
  throw new Error('Test error thrown in a route handler from /admin/dev/sentry-example')
}

async function guard(request: Request): Promise<Response | null> {
  if (!(await isAdmin())) return new Response(null, { status: 404 })
  if (!noInput.safeParse(Object.fromEntries(new URL(request.url).searchParams)).success) return Response.json({ error: 'This route takes no parameters.' }, { status: 400 })
  return null
}

export async function GET(request: Request) {
  const refused = await guard(request)
  if (refused) return refused
  const traceId = await Sentry.startSpan({ name: 'sentry-example: server work', op: 'function' }, async (span) => {
    await new Promise((resolve) => setTimeout(resolve, 25))
    return span.spanContext().traceId
  })
  return Response.json({ traceId: Sentry.isInitialized() ? traceId : null })
}

export async function POST(request: Request) {
  const refused = await guard(request)
  if (refused) return refused
  try {
    failOnPurpose()
  } catch (error) {
    const eventId = reportServerError(error, { example: 'route-handler' })
    return Response.json({ eventId: eventId ?? null }, { status: 500 })
  }
}
