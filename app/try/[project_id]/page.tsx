import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound, redirect } from 'next/navigation'
import { ButtonLink } from '@/components/ui/button'
import { SiteShell } from '@/components/site/site-shell'
import { FreshOnReturn } from '@/components/try/fresh-on-return'
import { TrialProjectEditor } from '@/components/try/project-editor'
import { countingTrialRun, propsUrls, trialRunMatches, trialSession } from '@/lib/trials/queries'
import { loadTrialProject } from '@/lib/trials/steps'
import { WELCOME_CREDITS } from '@/lib/constants'
import { plural } from '@/lib/plural'
import { stateKey } from '@/lib/trials/version'

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
  const here = used?.trial_project_id === project.id
  // the trial render shows what was rendered; after a new look or scene edits it is an earlier version
  const current = here && used ? await trialRunMatches(session.db, used.id, project) : false
  const expires = new Date(project.expires_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric' })
  return (
    <SiteShell>
      <div className="container-page max-w-6xl py-10">
        <FreshOnReturn token={crypto.randomUUID()} />
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
            <p className="text-sm text-ink" data-testid="trial-render-note">
              {!here
                ? 'You have used your trial render on another project.'
                : current
                  ? 'This video has its trial render.'
                  : 'Your trial render shows an earlier version of this video, before your latest changes. Signing up keeps this version, not rendered yet: rendering it in your team uses one credit.'}{' '}
              Sign up to render without the watermark, in full HD: a new team starts with {plural(WELCOME_CREDITS, 'free render credit')}.
            </p>
            <ButtonLink href={`/try/progress/${used.id}`} variant="outline" size="sm">
              {used.status !== 'succeeded' ? 'See its progress' : here && !current ? 'Watch the earlier version' : 'Watch it'}
            </ButtonLink>
          </div>
        ) : null}
        <TrialProjectEditor
          key={stateKey([project.id, project.template, project.format, project.props, Boolean(used)])}
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
