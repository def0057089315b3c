'use client'

import { VideoPlayer } from '@/components/videos/video-player'
import { sampleVideoProps } from '@/remotion/samples'

const SAMPLE = { ...sampleVideoProps, brandColor: '#ff5a36' }

/** The sample listing video in the real Player (loaded only when the visitor asks for it). */
export default function LandingPlayer() {
  return (
    <div className="mx-auto w-full max-w-sm">
      <VideoPlayer template="social-reel" format="portrait" props={SAMPLE} urls={{}} autoPlay maxHeight="70vh" label="Sample listing video" />
    </div>
  )
}
