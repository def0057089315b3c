import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { FeatureFrame } from '@/components/site/feature-frame'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'

export const metadata: Metadata = { title: 'Trial · Video' }

export default function TryVideoPage() {
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-12">
        <TrySteps current="Video" />
        <FeatureFrame
          title="The video"
          description="Choose a template, a format (landscape, portrait or square) and a narrator voice."
          arrivesWith="the trial flow"
          purpose="This step will create your trial project and open its live preview, where one click renders the video."
          actions={
            <ButtonLink href="/try/property" variant="outline">
              Back
            </ButtonLink>
          }
        />
      </div>
    </SiteShell>
  )
}
