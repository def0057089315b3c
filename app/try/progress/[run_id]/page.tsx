import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ButtonLink } from '@/components/ui/button'
import { SiteShell } from '@/components/site/site-shell'
import { FreshOnReturn } from '@/components/try/fresh-on-return'
import { TrialRunView } from '@/components/try/run-view'
import { loadTrialRun, trialSession } from '@/lib/trials/queries'

export const metadata: Metadata = { title: 'Rendering your video', robots: { index: false } }

/**
 * Live progress of one trial render, for the session that started it; anyone else, and any unknown
 * or malformed id, gets the not-found page with HTTP 404.
 */
export default async function TrialProgressPage({ params }: { params: Promise<{ run_id: string }> }) {
  const { run_id: runId } = await params
  const session = await trialSession()
  if (!session) notFound()
  const run = await loadTrialRun(session.db, runId)
  if (!run) notFound()
  const anonymous = session.user.is_anonymous === true
  const next = `/try/progress/${run.id}`
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-10">
        <FreshOnReturn token={crypto.randomUUID()} />
        <p className="text-sm font-medium text-brand-700">Your trial video</p>
        <TrialRunView key={`${run.id}:${run.status}`} initial={run} projectHref={`/try/${run.trial_project_id}`}>
          {anonymous ? (
            <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-5">
              <h2 className="font-semibold text-ink">Sign up to keep it and remove the watermark</h2>
              <p className="mt-1 text-sm text-muted">
                Your trial is kept for 7 days. Sign up and it stays yours: we bring the property and this video into your new team,
                where you can render it without the watermark, in full HD.
              </p>
              <ButtonLink href={`/auth/signup?next=${encodeURIComponent(next)}`} className="mt-4">
                Sign up to keep it
              </ButtonLink>
            </div>
          ) : null}
        </TrialRunView>
      </div>
    </SiteShell>
  )
}
