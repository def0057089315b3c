import type { Metadata } from 'next'
import { Badge } from '@/components/ui/badge'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { ThrowButtons } from '@/components/admin/throw-buttons'
import type { SearchParams } from '@/lib/auth/page-props'
import { requireAdmin } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Error reporting test' }

export default async function SentryExamplePage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin()
  if ((await searchParams).throw === 'server') {
    throw new Error('Test error thrown on the server from /admin/dev/sentry-example')
  }
  const configured = Boolean(process.env.NEXT_PUBLIC_SENTRY_DSN || process.env.SENTRY_DSN)
  return (
    <>
      <PageHeader
        eyebrow="Developer"
        title="Error reporting test"
        description="Throw errors on purpose to check that the error page shows and that reports reach Sentry."
      />
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle>Sentry</CardTitle>
            {configured ? <Badge tone="success">Configured</Badge> : <Badge tone="warning">Not configured</Badge>}
          </div>
          <CardDescription>
            {configured
              ? 'A DSN is set: errors thrown below should appear in Sentry within a minute.'
              : 'No SENTRY_DSN is set, so errors are only logged (browser console and server logs). Error reporting itself arrives with the observability work.'}
          </CardDescription>
        </CardHeader>
        <CardBody>
          <ThrowButtons />
        </CardBody>
      </Card>
    </>
  )
}
