import { Badge } from '@/components/ui/badge'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { ThrowButtons } from '@/components/admin/throw-buttons'
import { analyticsConfig } from '@/lib/analytics/config'
import type { SearchParams } from '@/lib/auth/page-props'
import { requireAdmin } from '@/lib/auth/user'
import { FLAG_NAMES } from '@/lib/flags/definitions'
import { getFlags } from '@/lib/flags/server'
import { monitoringConfig } from '@/lib/monitoring/config'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('Error reporting test')

function Service({ name, on, children }: { name: string; on: boolean; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="font-medium text-ink">{name}</p>
        <div className="text-sm text-muted">{children}</div>
      </div>
      {on ? <Badge tone="success">Configured</Badge> : <Badge tone="warning">Not configured</Badge>}
    </div>
  )
}

export default async function SentryExamplePage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin()
  if ((await searchParams).throw === 'server') {
    throw new Error('Test error thrown on the server from /admin/dev/sentry-example')
  }
  const sentry = monitoringConfig()
  const posthog = analyticsConfig()
  const flags = await getFlags()
  return (
    <>
      <PageHeader
        eyebrow="Developer"
        title="Error reporting test"
        description="Throw errors and trace a span on purpose, to see that reports reach Sentry, and which outside services this server is set up with."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Services</CardTitle>
            <CardDescription>Read from this server&apos;s environment at run time (docs/observability.md).</CardDescription>
          </CardHeader>
          <CardBody className="divide-y divide-border">
            <Service name="Error reporting and tracing (Sentry)" on={Boolean(sentry)}>
              {sentry ? (
                <>
                  Reports go to {sentry.dsn.host} (project {sentry.dsn.projectId}) through this site; environment{' '}
                  <code>{sentry.environment}</code>, release <code>{sentry.release ?? 'none'}</code>, {Math.round(sentry.tracesSampleRate * 100)}% of
                  requests traced.
                </>
              ) : (
                'No SENTRY_DSN is set: errors are only logged (browser console and server logs).'
              )}
            </Service>
            <Service name="Product analytics and session replay (PostHog)" on={Boolean(posthog)}>
              {posthog ? `Events and replays go to ${posthog.host} through this site's /ingest.` : 'No POSTHOG_KEY and POSTHOG_HOST: nothing is collected.'}
            </Service>
            <Service name="Feature flags and experiments (PostHog)" on={Boolean(posthog)}>
              {flags.source === 'service' ? 'Evaluated by PostHog for you: ' : 'The defaults in code (lib/flags/definitions.ts): '}
              {FLAG_NAMES.map((name) => `${name} = ${String(flags.values[name])}`).join(', ')}.
            </Service>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Try it</CardTitle>
            <CardDescription>
              {sentry
                ? 'Each button reports to Sentry; the list below says what was sent, with the ids to search for.'
                : 'Sentry is off, so nothing is sent: the buttons still throw, and the error page still shows.'}
            </CardDescription>
          </CardHeader>
          <CardBody>
            <ThrowButtons />
          </CardBody>
        </Card>
      </div>
    </>
  )
}
