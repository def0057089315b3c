'use client'

import { VideoPlayer } from '@/components/videos/video-player'
import { landingSampleProps, landingSampleTemplate } from '@/remotion/landing-sample'

/** The sample listing video in the real Player (loaded only when the visitor asks for it): narrated, with music and captions. */
export default function LandingPlayer() {
  return (
    <div className="mx-auto w-full max-w-sm">
      <VideoPlayer template={landingSampleTemplate} format="portrait" props={landingSampleProps} urls={{}} autoPlay maxHeight="70vh" label="Sample listing video" />
    </div>
  )
}
