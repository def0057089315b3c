'use client'

import { useEffect, useRef } from 'react'
import { AudioLines, RefreshCw, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { narrationState, spokenScript } from '@/lib/narration/apply'
import type { PhotoScene } from '@/remotion/schema'
import { useNarration } from './narration-context'

/**
 * Under a scene's script: speak it with the video's voice and hear it here; a marker when the script
 * or the voice changed since it was spoken. Renders nothing outside a NarrationProvider.
 */
export function SceneSpeak({ scene, number }: { scene: PhotoScene; number: number }) {
  const narration = useNarration()
  const audio = useRef<HTMLAudioElement>(null)
  const justSpoken = narration?.justSpoken === scene.id
  const src = scene.narration ? narration?.urls[scene.narration.src] : undefined

  // a clip spoken on request plays once it has arrived
  useEffect(() => {
    if (justSpoken && src) void audio.current?.play().catch(() => {})
  }, [justSpoken, src])

  if (!narration) return null
  const state = narrationState(scene, narration.voiceId)
  const busy = narration.speaking.has(scene.id)
  const script = spokenScript(scene.script)
  const why = !narration.voiceId ? 'Choose a voice under “Voice and narration” first.' : !script ? 'Write a script to speak it.' : null
  const hintId = `scene-${scene.id}-speak-hint`

  return (
    <div className="space-y-2" data-testid="scene-narration">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          pending={busy}
          disabled={Boolean(why) || busy}
          aria-describedby={why ? hintId : undefined}
          aria-label={`${state === 'none' ? 'Speak' : 'Speak again'}: scene ${number}`}
          onClick={() => void narration.speak(scene, number)}
          data-testid="scene-speak"
        >
          {state === 'none' ? <AudioLines aria-hidden /> : <RefreshCw aria-hidden />} {busy ? 'Speaking…' : state === 'none' ? 'Speak' : 'Speak again'}
        </Button>
        {state === 'current' && scene.narration ? (
          <Badge tone="success" data-testid="narration-current">
            Narrated · {scene.narration.seconds.toFixed(1)} s
          </Badge>
        ) : null}
        {state === 'stale' ? (
          <Badge tone="warning" data-testid="narration-stale">
            {scene.narration?.voiceId !== narration.voiceId ? 'Voice changed' : 'Script changed'} — speak again
          </Badge>
        ) : null}
        {state === 'stale' && !script ? (
          <Button size="sm" variant="ghost" className="px-2" onClick={() => narration.clear(scene.id)} aria-label={`Remove the narration of scene ${number}`}>
            <Trash2 aria-hidden /> Remove narration
          </Button>
        ) : null}
        {why ? (
          <span id={hintId} className="text-xs text-muted">
            {why}
          </span>
        ) : null}
      </div>
      {scene.narration && src ? (
        <audio ref={audio} controls preload="none" src={src} className="h-8 w-full max-w-sm" aria-label={`Narration of scene ${number}`} data-testid="scene-narration-audio" />
      ) : null}
    </div>
  )
}
