import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { FeatureFrame } from '@/components/site/feature-frame'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'

export const metadata: Metadata = { title: 'Trial · Intro' }

export default function TryIntroPage() {
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-12">
        <TrySteps current="Intro" />
        <FeatureFrame
          title="How the trial works"
          description="You will describe one property, pick a look, and watch your video render."
          arrivesWith="the trial flow"
          purpose="Starting here will open an anonymous trial session that keeps your project for 7 days, so nothing is lost if you sign up afterwards."
          actions={<ButtonLink href="/try/property">Next: the property</ButtonLink>}
        />
      </div>
    </SiteShell>
  )
}
