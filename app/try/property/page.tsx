import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { FeatureFrame } from '@/components/site/feature-frame'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'

export const metadata: Metadata = { title: 'Trial · Property' }

export default function TryPropertyPage() {
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-12">
        <TrySteps current="Property" />
        <FeatureFrame
          title="The property"
          description="Address, price, bedrooms, bathrooms, floor area and 3 to 10 photos."
          arrivesWith="the trial flow"
          purpose="This step will hold the property form with photo upload; what you enter becomes the facts and scenes of your video."
          actions={
            <>
              <ButtonLink href="/try/intro" variant="outline">
                Back
              </ButtonLink>
              <ButtonLink href="/try/video">Next: the video</ButtonLink>
            </>
          }
        />
      </div>
    </SiteShell>
  )
}
