import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'
import { FreshOnReturn } from '@/components/try/fresh-on-return'
import { defaultVoiceId } from '@/lib/videos/defaults'
import { TrialLookForm } from '@/components/try/look-form'
import { draftTrialProps, keepSceneEdits } from '@/lib/trials/project'
import { propsUrls, trialSession, trialVoices } from '@/lib/trials/queries'
import { TRIAL } from '@/lib/trials/schema'
import { latestTrialProject } from '@/lib/trials/steps'
import { stateKey } from '@/lib/trials/version'
import { TEMPLATE_IDS, type TemplateId } from '@/remotion/catalog'
import type { VideoProps } from '@/remotion/schema'

export const metadata: Metadata = { title: 'Trial · Video', robots: { index: false } }

/** The video step: the visitor's property drafted into each template, to choose from. */
export default async function TryVideoPage() {
  const session = await trialSession()
  const project = session ? await latestTrialProject(session.db) : null
  if (!session || !project) redirect('/try/intro')
  const property = project.property
  if (!property || project.photos.length < TRIAL.minPhotos) redirect('/try/property')
  const format = project.format ?? 'landscape'
  const drafts = Object.fromEntries(
    TEMPLATE_IDS.map((template) => [
      template,
      // previews show the scene edits already made (order, captions): choosing a look keeps them
      keepSceneEdits(draftTrialProps({ ownerId: project.owner_id, property, photos: project.photos, captions: project.captions, template, format }), project.props),
    ]),
  ) as Record<TemplateId, VideoProps>
  const [urls, voices] = await Promise.all([propsUrls(session.db, drafts['classic-tour'], 'thumb'), trialVoices(session.db)])
  return (
    <SiteShell>
      <div className="container-page max-w-5xl py-12">
        <FreshOnReturn token={crypto.randomUUID()} />
        <TrySteps current="Video" />
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Choose the look</h1>
        <p className="mt-2 text-muted">You can change the captions and the order of the photos on the next page.</p>
        <div className="mt-8">
          <TrialLookForm
            key={stateKey([project.id, project.template, project.format, project.voice_id, project.photos, project.property])}
            projectId={project.id}
            // narrated by default: a first visit starts on the template's voice (a drafted project keeps its choice, "No narration" included)
            initial={{ template: project.template ?? 'classic-tour', format, voiceId: project.props ? project.voice_id : defaultVoiceId(project.template ?? 'classic-tour', voices) }}
            drafts={drafts}
            urls={urls}
            voices={voices}
          />
        </div>
      </div>
    </SiteShell>
  )
}
