'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { Pause, Play } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'

/**
 * One audio element for listening to tracks on their own in the music picker: playing one stops the
 * other; it stops when the picker goes away. `playing` is the key of the track that plays.
 */
export function useMusicPreview() {
  const audio = useRef<HTMLAudioElement | null>(null)
  const [playing, setPlaying] = useState<string | null>(null)
  const [loading, setLoading] = useState<string | null>(null)

  useEffect(
    () => () => {
      audio.current?.pause()
      audio.current = null
    },
    [],
  )

  const stop = useCallback(() => {
    audio.current?.pause()
    setPlaying(null)
    setLoading(null)
  }, [])

  const toggle = useCallback(
    (key: string, url: string, title: string) => {
      if (playing === key || loading === key) return stop()
      audio.current?.pause()
      const el = new Audio(url)
      el.preload = 'auto'
      audio.current = el
      setPlaying(null)
      setLoading(key)
      el.onended = () => setPlaying((now) => (now === key ? null : now))
      el.play().then(
        () => {
          if (audio.current !== el) return
          setLoading(null)
          setPlaying(key)
        },
        (error: unknown) => {
          if (audio.current !== el) return
          setLoading(null)
          // a pause before the start rejects with AbortError: not a failure worth a toast
          if (error instanceof DOMException && error.name === 'AbortError') return
          toast.error(`Could not play ${title}`, { description: 'Check the sound file, or try again.' })
        },
      )
    },
    [playing, loading, stop],
  )

  return { playing, loading, toggle, stop }
}

/** The play/pause button beside a track. */
export function PreviewButton({ title, active, loading, onToggle }: { title: string; active: boolean; loading: boolean; onToggle: () => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-pressed={active}
      aria-label={active ? `Stop ${title}` : `Listen to ${title}`}
      onClick={onToggle}
      className={cn('size-8 px-0', active && 'text-brand-700')}
    >
      {loading ? (
        <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
      ) : active ? (
        <Pause aria-hidden />
      ) : (
        <Play aria-hidden />
      )}
    </Button>
  )
}
