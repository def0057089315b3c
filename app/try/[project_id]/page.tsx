import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound, redirect } from 'next/navigation'
import { ButtonLink } from '@/components/ui/button'
import { SiteShell } from '@/components/site/site-shell'
import { TrialProjectEditor } from '@/components/try/project-editor'
import { countingTrialRun, propsUrls, trialSession } from '@/lib/trials/queries'
import { loadTrialProject } from '@/lib/trials/steps'
import { WELCOME_CREDITS } from '@/lib/constants'
import { plural } from '@/lib/plural'

export const metadata: Metadata = { title: 'Your trial video', robots: { index: false } }

/**
 * One trial project, for the session that made it (RLS: anyone else, and any unknown, expired or
 * malformed id, gets the not-found page with HTTP 404).
 */
export default async function TrialProjectPage({ params }: { params: Promise<{ project_id: string }> }) {
  const { project_id: projectId } = await params
  const session = await trialSession()
  if (!session) notFound()
  const project = await loadTrialProject(session.db, projectId)
  if (!project || new Date(project.expires_at) <= new Date()) notFound()
  if (!project.props || !project.template || !project.format) redirect('/try/video')
  const [urls, thumbs, used] = await Promise.all([
    propsUrls(session.db, project.props),
    propsUrls(session.db, project.props, 'thumb'),
    countingTrialRun(session.db, session.user.id),
  ])
  const expires = new Date(project.expires_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric' })
  return (
    <SiteShell>
      <div className="container-page max-w-6xl py-10">
        <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-medium text-brand-700">Your trial video</p>
            <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{project.title}</h1>
            <p className="mt-1 text-sm text-muted">Kept until {expires}. Sign up to keep it for good.</p>
          </div>
          <Link href="/try/video" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Change template or format
          </Link>
        </div>
        {used ? (
          <div className="mb-6 flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink">
              {used.trial_project_id === project.id ? 'This video has its trial render.' : 'You have used your trial render on another project.'}{' '}
              Sign up to render without the watermark, in full HD: a new team starts with {plural(WELCOME_CREDITS, 'free render credit')}.
            </p>
            <ButtonLink href={`/try/progress/${used.id}`} variant="outline" size="sm">
              {used.status === 'succeeded' ? 'Watch it' : 'See its progress'}
            </ButtonLink>
          </div>
        ) : null}
        <TrialProjectEditor
          projectId={project.id}
          template={project.template}
          format={project.format}
          props={project.props}
          urls={urls}
          thumbs={thumbs}
          canRender={!used}
        />
      </div>
    </SiteShell>
  )
}
