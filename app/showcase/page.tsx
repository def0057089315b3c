import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { FeatureFrame } from '@/components/site/feature-frame'
import { SiteShell } from '@/components/site/site-shell'

export const metadata: Metadata = { title: 'Showcase' }

export default function ShowcasePage() {
  return (
    <SiteShell>
      <div className="container-page py-12 sm:py-16">
        <FeatureFrame
          eyebrow="Showcase"
          title="Listing videos made with Listing Studio"
          description="Videos teams chose to share with everyone, approved by our editors."
          arrivesWith="shared videos"
          purpose="Approved videos appear here as a grid with poster, title, city and format, filterable by format. None have been shared yet."
          actions={<ButtonLink href="/try">Make your own</ButtonLink>}
        />
      </div>
    </SiteShell>
  )
}
