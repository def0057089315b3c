import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'
import { FreshOnReturn } from '@/components/try/fresh-on-return'
import { TrialPropertyForm } from '@/components/try/property-form'
import { photoViews, trialSession } from '@/lib/trials/queries'
import { latestTrialProject } from '@/lib/trials/steps'
import { stateKey } from '@/lib/trials/version'

export const metadata: Metadata = { title: 'Trial · Property', robots: { index: false } }

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)

/** The property step of the visitor's current trial project (started on /try/intro). */
export default async function TryPropertyPage() {
  const session = await trialSession()
  const project = session ? await latestTrialProject(session.db) : null
  if (!session || !project) redirect('/try/intro')
  const saved = Object.fromEntries(
    Object.entries(project.propertyDraft).flatMap(([key, value]) => (asText(value) !== null ? [[key, asText(value)!]] : [])),
  )
  const photos = (await photoViews(session.db, project.photos)).map((p) => ({
    id: p.path,
    name: p.path.split('/').pop() ?? 'photo',
    url: p.thumbUrl,
    caption: project.captions[p.path] ?? '',
  }))
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-12">
        <FreshOnReturn token={crypto.randomUUID()} />
        <TrySteps current="Property" />
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Tell us about the property</h1>
        <p className="mt-2 text-muted">The facts and photos become the scenes of your video. Nothing here is published.</p>
        <div className="mt-8">
          <TrialPropertyForm key={stateKey([project.id, saved, photos.map((p) => [p.id, p.caption])])} projectId={project.id} saved={saved} photos={photos} />
        </div>
      </div>
    </SiteShell>
  )
}
