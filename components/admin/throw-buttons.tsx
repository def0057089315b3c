'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { z } from 'zod'
import { Button, ButtonLink } from '@/components/ui/button'
import { FORCE_TRACE, monitoringClient } from '@/lib/monitoring/browser'
import { runTracedExampleAction } from '@/lib/monitoring/example-actions'

interface Sent {
  key: number
  what: string
  detail: string
}

const eventAnswer = z.object({ eventId: z.string().nullable() })
const traceAnswer = z.object({ traceId: z.string().nullable() })
const OFF = 'not sent: Sentry is not configured'

/** Breaks things on purpose, so the error page and error reporting can be seen working; lists what was sent. */
export function ThrowButtons() {
  const [broken, setBroken] = useState(false)
  const [busy, setBusy] = useState<'server' | 'trace' | null>(null)
  const [sent, setSent] = useState<Sent[]>([])
  if (broken) throw new Error('Test error thrown in the browser from /admin/dev/sentry-example')

  const record = (what: string, detail: string) => setSent((list) => [{ key: Date.now() + Math.random(), what, detail }, ...list].slice(0, 10))

  function throwClientError() {
    // once Sentry's handler has seen the uncaught error below, read the id it gave the report
    window.setTimeout(() => {
      void monitoringClient().then((Sentry) => {
        const id = Sentry?.lastEventId()
        record('Client error (uncaught, in a click handler)', id ? `event ${id}` : OFF)
        if (id) toast.success('Client error sent to Sentry')
        else toast.info('Client error thrown; Sentry is not configured, so it is only in the browser console')
      })
    }, 0)
    throw new Error('Test error thrown in a click handler from /admin/dev/sentry-example')
  }

  async function throwServerError() {
    setBusy('server')
    try {
      const response = await fetch('/api/dev/sentry-example', { method: 'POST' })
      const answer = eventAnswer.safeParse(await response.json().catch(() => null))
      if (!answer.success) throw new Error(`HTTP ${response.status}`)
      record(`Server error (route handler, HTTP ${response.status})`, answer.data.eventId ? `event ${answer.data.eventId}` : OFF)
      toast[answer.data.eventId ? 'success' : 'info'](answer.data.eventId ? 'Server error sent to Sentry' : 'Server error thrown; it is only in the server log')
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.')
    } finally {
      setBusy(null)
    }
  }

  async function traceSpan() {
    setBusy('trace')
    try {
      const Sentry = await monitoringClient()
      if (!Sentry) {
        await fetch('/api/dev/sentry-example')
        await runTracedExampleAction({})
        record('Traced span (browser → route handler, server action)', OFF)
        toast.info('The span ran; Sentry is not configured, so no trace was sent')
        return
      }
      const traceId = await Sentry.startSpan(
        { name: 'sentry-example: traced span', op: 'ui.action', forceTransaction: true, attributes: { [FORCE_TRACE]: true } },
        async (span) => {
          const answer = traceAnswer.safeParse(await (await fetch('/api/dev/sentry-example')).json())
          if (!answer.success) throw new Error('the route did not answer')
          // a server action in the same trace, named by its export (lib/monitoring/server-action.ts)
          const acted = await runTracedExampleAction({})
          if (!acted.ok) throw new Error(acted.error)
          return span.spanContext().traceId
        },
      )
      record('Traced span (browser → route handler, server action)', `trace ${traceId}`)
      toast.success('Trace sent to Sentry')
    } catch {
      toast.error('The traced request failed. Check your connection and try again.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" onClick={throwClientError}>
          Throw a client error
        </Button>
        <Button variant="outline" onClick={() => void throwServerError()} pending={busy === 'server'}>
          Throw a server error
        </Button>
        <Button variant="outline" onClick={() => void traceSpan()} pending={busy === 'trace'}>
          Run a traced span
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
        <p className="w-full text-sm text-muted">These replace this page with the error page people would see (the reports are sent as well).</p>
        <Button variant="ghost" onClick={() => setBroken(true)}>
          Show the error page (client)
        </Button>
        <ButtonLink href="/admin/dev/sentry-example?throw=server" variant="ghost" prefetch={false}>
          Show the error page (server)
        </ButtonLink>
      </div>
      <div>
        <h3 className="text-sm font-medium text-ink">Sent from this page</h3>
        {sent.length ? (
          <ul className="mt-2 space-y-1 text-sm" aria-live="polite" data-testid="sent-reports">
            {sent.map((item) => (
              <li key={item.key} className="flex flex-wrap gap-x-2">
                <span className="text-ink">{item.what}:</span>{' '}
                <code className="break-all text-muted">{item.detail}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-subtle" aria-live="polite" data-testid="sent-reports">
            Nothing yet. Use a button above.
          </p>
        )}
      </div>
    </div>
  )
}
