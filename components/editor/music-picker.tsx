'use client'

import { useId, type ReactNode } from 'react'
import { toast } from 'sonner'
import { LibraryUpload } from '@/components/media/library-upload'
import { cn } from '@/components/ui/cn'
import { mediaRef } from '@/lib/videos/media-refs'
import { MOOD_LABELS, MUSIC_MOODS, shippedTrack, tracksOfMood } from '@/remotion/music'
import { duckedLevel, MAX_DUCK_VOLUME } from '@/remotion/scenes/AudioTracks'
import type { AudioTrack } from '@/remotion/schema'
import { formatDuration } from './details-state'
import type { EditorAudio, EditorDoc } from './doc'
import { EditorSection } from './editor-section'
import { SliderField } from './inputs'
import { PreviewButton, useMusicPreview } from './music-preview'
import { sectionMemo } from './section-memo'

type Levels = Partial<Pick<AudioTrack, 'volume' | 'duckVolume' | 'fadeInSeconds' | 'fadeOutSeconds'>>

/**
 * The editor's music: none, one of the shipped tracks (grouped by mood) or the team's own audio
 * from the library (uploaded here too), each with a play/pause to hear it alone; then the volume,
 * the level under narration (ducking) and the fades. One radio group: arrow keys move between tracks.
 */
function MusicPickerView({
  doc,
  audio,
  urls,
  teamId,
  onPick,
  onLevel,
}: {
  doc: EditorDoc
  audio: EditorAudio[]
  urls: Record<string, string>
  teamId: string
  onPick: (ref: string | null) => void
  onLevel: (patch: Levels, key: string) => void
}) {
  const name = useId()
  const preview = useMusicPreview()
  const music = doc.props.music ?? null
  const current = music?.src ?? ''
  const known = music ? (shippedTrack(music.src) ?? audio.find((a) => a.ref === music.src)) : undefined
  const narrated = doc.props.scenes.some((scene) => scene.narration || scene.script?.trim())

  const pick = (ref: string | null, title: string) => {
    onPick(ref)
    if (ref) toast.success(`Music: ${title}`, { description: 'Plays under the whole video; press play above to hear it with the pictures.' })
    else toast.success('Music removed')
  }

  const option = (ref: string, title: string, meta: ReactNode, url: string | null) => (
    <li key={ref} className="flex items-center gap-2">
      <label
        className={cn(
          'flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
          current === ref ? 'border-brand-500 bg-brand-50' : 'border-border hover:bg-canvas',
        )}
      >
        <input type="radio" name={name} value={ref} checked={current === ref} onChange={() => pick(ref, title)} className="size-4 accent-brand-600" />
        <span className="min-w-0 flex-1 truncate font-medium text-ink">{title}</span>
        <span className="shrink-0 text-xs tabular-nums text-muted">{meta}</span>
      </label>
      {url ? (
        <PreviewButton title={title} active={preview.playing === ref} loading={preview.loading === ref} onToggle={() => preview.toggle(ref, url, title)} />
      ) : (
        <span className="size-8" aria-hidden />
      )}
    </li>
  )

  return (
    <EditorSection id="music" title="Music" description="Plays under the whole video and steps back while the narration speaks.">
      <fieldset className="space-y-4">
        <legend className="sr-only">Music track</legend>
        <ul className="space-y-1.5">
          <li>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                current === '' ? 'border-brand-500 bg-brand-50' : 'border-border hover:bg-canvas',
              )}
            >
              <input type="radio" name={name} value="" checked={current === ''} onChange={() => pick(null, '')} className="size-4 accent-brand-600" />
              <span className="font-medium text-ink">No music</span>
            </label>
          </li>
        </ul>
        {MUSIC_MOODS.map((mood) => (
          <div key={mood} className="space-y-1.5">
            <p className="text-sm">
              <span className="font-semibold text-ink">{MOOD_LABELS[mood].label}</span> <span className="text-muted">· {MOOD_LABELS[mood].hint}</span>
            </p>
            <ul className="space-y-1.5" aria-label={MOOD_LABELS[mood].label}>
              {tracksOfMood(mood).map((t) => option(t.src, t.title, `${t.bpm} bpm · ${formatDuration(t.seconds)} loop`, t.src))}
            </ul>
          </div>
        ))}
        <div className="space-y-1.5">
          <p className="text-sm">
            <span className="font-semibold text-ink">Your library</span> <span className="text-muted">· music your team uploaded (MP3, WAV, M4A, AAC or OGG)</span>
          </p>
          <ul className="space-y-1.5" aria-label="Your library">
            {music && !known ? option(music.src, 'Current track (no longer in the library)', '', urls[music.src] ?? null) : null}
            {audio.map((a) => option(a.ref, a.name, a.durationSeconds ? formatDuration(a.durationSeconds) : '', urls[a.ref] ?? a.url))}
          </ul>
          {audio.length === 0 ? <p className="text-sm text-muted">No music in your library yet.</p> : null}
        </div>
      </fieldset>
      <LibraryUpload
        teamId={teamId}
        kind="audio"
        label="Music"
        onUploaded={(asset) => {
          onPick(mediaRef(asset.path))
          toast.success(`Uploaded ${asset.name}`, { description: 'It is now the video’s music.' })
        }}
      />
      {music ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SliderField label="Volume" value={music.volume} min={0} max={1} step={0.05} format={(v) => `${Math.round(v * 100)}%`} onChange={(volume) => onLevel({ volume }, 'music.volume')} />
          <SliderField
            label="Under narration"
            value={duckedLevel(music)}
            min={0}
            max={Math.min(music.volume, MAX_DUCK_VOLUME)}
            step={0.01}
            format={(v) => (v >= music.volume ? 'Not lowered' : `${Math.round(v * 100)}%`)}
            onChange={(duckVolume) => onLevel({ duckVolume }, 'music.duck')}
            disabled={!narrated}
          />
          <SliderField label="Fade in" value={music.fadeInSeconds ?? 0} min={0} max={10} step={0.5} format={(v) => `${v} s`} onChange={(fadeInSeconds) => onLevel({ fadeInSeconds }, 'music.fadeIn')} />
          <SliderField label="Fade out" value={music.fadeOutSeconds ?? 0} min={0} max={10} step={0.5} format={(v) => `${v} s`} onChange={(fadeOutSeconds) => onLevel({ fadeOutSeconds }, 'music.fadeOut')} />
        </div>
      ) : null}
    </EditorSection>
  )
}

export const MusicPicker = sectionMemo(MusicPickerView, (scenes) => scenes.some((scene) => Boolean(scene.narration || scene.script?.trim())))
