'use client'

import Link from 'next/link'
import { Music } from 'lucide-react'
import { Select } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { MOOD_LABELS, MUSIC_MOODS, SHIPPED_TRACKS, tracksOfMood } from '@/remotion/music'

/*
 * The create page's music choice: the eight shipped tracks by mood (the template's own is the
 * default, lib/videos/defaults.ts), the team's library, or no music. The value is '' (no music),
 * `track:<shipped id>` or `asset:<library id>`.
 */

type LibraryTrack = { id: string; name: string; url: string | null; seconds: number | null }

function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return ''
  const whole = Math.round(seconds)
  return ` · ${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export function MusicSelect({ id, value, audio, error, libraryHref, onChange }: {
  id: string
  value: string
  audio: LibraryTrack[]
  error?: string
  libraryHref: string
  onChange: (value: string) => void
}) {
  const shipped = value.startsWith('track:') ? SHIPPED_TRACKS.find((t) => t.id === value.slice(6)) : undefined
  const library = value.startsWith('asset:') ? audio.find((a) => a.id === value.slice(6)) : undefined
  const preview = shipped ? { name: shipped.title, url: shipped.src } : library?.url ? { name: library.name, url: library.url } : null
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="flex items-center gap-1.5">
        <Music aria-hidden className="size-4 text-subtle" /> Music
      </Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined}>
        <option value="">No music</option>
        {MUSIC_MOODS.map((mood) => (
          <optgroup key={mood} label={MOOD_LABELS[mood].label}>
            {tracksOfMood(mood).map((track) => (
              <option key={track.id} value={`track:${track.id}`}>
                {track.title}
              </option>
            ))}
          </optgroup>
        ))}
        {audio.length ? (
          <optgroup label="Your library">
            {audio.map((track) => (
              <option key={track.id} value={`asset:${track.id}`}>
                {track.name}
                {formatSeconds(track.seconds)}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
      {error ? (
        <p className="text-sm text-danger-700">{error}</p>
      ) : preview ? (
        <audio key={preview.url} controls preload="none" src={preview.url} className="h-9 w-full" aria-label={`Preview ${preview.name}`} />
      ) : null}
      <p className="text-sm text-muted">
        {audio.length ? null : 'Eight tracks come with the product. '}
        <Link href={libraryHref} className="font-medium text-brand-700 hover:underline">
          Upload a track
        </Link>{' '}
        to use your own.
      </p>
    </div>
  )
}
