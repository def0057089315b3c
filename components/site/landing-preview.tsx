'use client'

import { Play } from 'lucide-react'
import dynamic from 'next/dynamic'
import { useState } from 'react'
import { VideoFrameIllustration } from './video-frame-illustration'

const loadPlayer = () => import('./landing-player')
const LandingPlayer = dynamic(loadPlayer, { ssr: false, loading: () => <VideoFrameIllustration /> })

/**
 * The landing page's sample video: a drawing of it until the visitor asks to watch, then the real
 * Player with the sample listing (the same composition a render makes). The Player's code loads only
 * then (next/dynamic), so the first paint and the page's main thread pay nothing for it; pointing at
 * the button starts fetching it early.
 */
export function LandingPreview() {
  const [playing, setPlaying] = useState(false)
  const warmUp = () => void loadPlayer().catch(() => undefined)
  if (playing) return <LandingPlayer />
  return (
    <div className="relative">
      <VideoFrameIllustration />
      <button
        type="button"
        onClick={() => setPlaying(true)}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        className="absolute inset-0 m-auto flex h-fit w-fit items-center gap-2 rounded-full bg-ink/85 px-5 py-3 text-sm font-medium text-white shadow-pop backdrop-blur hover:bg-ink focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:outline-none"
      >
        <Play className="size-4 fill-current" aria-hidden /> Watch a sample video
      </button>
    </div>
  )
}
