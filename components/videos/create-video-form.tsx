'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Clapperboard, Mic, Music } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LookPickers } from './look-pickers'
import { NarrationScripts } from './narration-scripts'
import { NotInNarration } from './not-in-narration'
import { capture } from '@/lib/analytics/browser'
import { createVideo } from '@/lib/videos/actions'
import { createVideoSchema } from '@/lib/videos/schema'
import { VoiceSample, voiceOptionLabel, type VoiceChoice } from '@/components/voices/voice-choice'
import { TEMPLATES, type TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'

export interface CreateVideoFormProps {
  teamId: string
  listingId: string
  listingTitle: string
  /** this listing drafted into each template (media refs), for the live thumbnails */
  drafts: Record<TemplateId, VideoProps>
  /** media ref → signed URL */
  urls: Record<string, string>
  /** media ref → signed URL of its small thumbnail (the script list) */
  thumbs: Record<string, string>
  /** the narration drafted from the listing, one line per scene */
  initialScripts: string[]
  /** per template, what its drafted narration could not fit (named under the script) */
  leftOut?: Record<TemplateId, string[]>
  agentName: string | null
  voices: VoiceChoice[]
  audio: { id: string; name: string; url: string | null; seconds: number | null }[]
  libraryHref: string
}


const defaultTitle = (listingTitle: string, template: TemplateId) =>
  `${listingTitle} — ${TEMPLATES[template].name}`.slice(0, 120)

function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return ''
  const whole = Math.round(seconds)
  return ` · ${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export function CreateVideoForm({ teamId, listingId, listingTitle, drafts, urls, thumbs, initialScripts, leftOut, voices, audio, libraryHref }: CreateVideoFormProps) {
  const router = useRouter()
  const ids = useId()
  const [template, setTemplate] = useState<TemplateId>('classic-tour')
  const [format, setFormat] = useState<VideoFormat>('landscape')
  const [title, setTitle] = useState(defaultTitle(listingTitle, 'classic-tour'))
  const [titleTouched, setTitleTouched] = useState(false)
  const [voiceId, setVoiceId] = useState('')
  const [musicAssetId, setMusicAssetId] = useState('')
  const [scripts, setScripts] = useState<string[]>(initialScripts)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  /** Shows the messages beside their fields and takes the person to the first one. */
  function showErrors(found: Record<string, string>) {
    setErrors(found)
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  const scenes = drafts[template].scenes
  const music = audio.find((a) => a.id === musicAssetId) ?? null

  /** A corrected field loses its message as it changes. */
  function clearError(prefix: string) {
    setErrors((current) => {
      const keys = Object.keys(current).filter((key) => key === prefix || key.startsWith(`${prefix}.`))
      if (!keys.length) return current
      const next = { ...current }
      for (const key of keys) delete next[key]
      return next
    })
  }

  /** The lines drafted for a template (its pacing sizes them); untouched lines follow a template change. */
  const draftedFor = (id: TemplateId) => drafts[id].scenes.map((scene) => scene.script ?? '')

  function chooseTemplate(next: TemplateId) {
    setTemplate(next)
    if (scripts.join('\n') === draftedFor(template).join('\n')) setScripts(draftedFor(next))
    if (!titleTouched) setTitle(defaultTitle(listingTitle, next))
  }

  function redraft() {
    setScripts(draftedFor(template))
    toast.info('Narration redrafted from the listing')
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const input = {
      title,
      template,
      format,
      voiceId: voiceId || null,
      musicAssetId: musicAssetId || null,
      scripts: scripts.map((s) => s.trim()),
    }
    const parsed = createVideoSchema.safeParse(input)
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'form'] ??= issue.message
      showErrors(found)
      return
    }
    setErrors({})
    setPending(true)
    const toastId = toast.loading('Creating the video…')
    try {
      const result = await createVideo(teamId, listingId, parsed.data)
      if (result.ok) {
        toast.success('Video created — opening the editor', { id: toastId })
        capture('video_created', { team_id: teamId, listing_id: listingId, video_id: result.data.id, template: parsed.data.template, format: parsed.data.format })
        router.push(`/dashboard/${teamId}/props/${listingId}/${result.data.id}/edit`)
        return
      }
      showErrors(result.fieldErrors ?? {})
      toast.error(result.error, { id: toastId })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id: toastId })
    }
    setPending(false)
  }

  return (
    <form method="post" ref={form} onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <LookPickers
        template={template}
        format={format}
        onTemplate={chooseTemplate}
        onFormat={setFormat}
        drafts={drafts}
        urls={urls}
        templateHint="Each one is this listing, live: pick the look that suits it."
        formatHint="Each format has its own layout, not a crop. You can make more than one video per listing."
      />

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardBody className="space-y-5">
          <Field
            label="Video title"
            name="title"
            value={title}
            maxLength={120}
            error={errors.title}
            hint="For your team; the video itself shows the address."
            onChange={(event) => {
              setTitle(event.target.value)
              setTitleTouched(true)
              clearError('title')
            }}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-voice`} className="flex items-center gap-1.5">
                <Mic aria-hidden className="size-4 text-subtle" /> Narration voice
              </Label>
              {voices.length ? (
                <Select id={`${ids}-voice`} value={voiceId} onChange={(event) => {
                    setVoiceId(event.target.value)
                    clearError('voiceId')
                  }} aria-invalid={errors.voiceId ? true : undefined}>
                  <option value="">No narration voice</option>
                  {voices.map((voice) => (
                    <option key={voice.id} value={voice.id}>
                      {voiceOptionLabel(voice)}
                    </option>
                  ))}
                </Select>
              ) : (
                <p id={`${ids}-voice`} className="rounded-lg border border-dashed border-border-strong bg-canvas px-3 py-2.5 text-sm text-muted">
                  No voices yet — administrators add them under Voices. The script below is kept for when one is chosen.
                </p>
              )}
              <VoiceSample voice={voices.find((voice) => voice.id === voiceId)} />
              {errors.voiceId ? <p className="text-sm text-danger-700">{errors.voiceId}</p> : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-music`} className="flex items-center gap-1.5">
                <Music aria-hidden className="size-4 text-subtle" /> Music
              </Label>
              <Select id={`${ids}-music`} value={musicAssetId} onChange={(event) => {
                  setMusicAssetId(event.target.value)
                  clearError('musicAssetId')
                }} aria-invalid={errors.musicAssetId ? true : undefined}>
                <option value="">No music</option>
                {audio.map((track) => (
                  <option key={track.id} value={track.id}>
                    {track.name}
                    {formatSeconds(track.seconds)}
                  </option>
                ))}
              </Select>
              {errors.musicAssetId ? (
                <p className="text-sm text-danger-700">{errors.musicAssetId}</p>
              ) : audio.length === 0 ? (
                <p className="text-sm text-muted">
                  No audio in the library yet.{' '}
                  <Link href={libraryHref} className="font-medium text-brand-700 hover:underline">
                    Upload a track
                  </Link>
                </p>
              ) : music?.url ? (
                <audio controls preload="none" src={music.url} className="h-9 w-full" aria-label={`Preview ${music.name}`} />
              ) : null}
            </div>
          </div>
        </CardBody>
      </Card>

      <NarrationScripts
        scenes={scenes}
        thumbs={thumbs}
        scripts={scripts}
        errors={errors}
        onChange={(update) => {
          setScripts(update)
          clearError('scripts')
        }}
        onRedraft={redraft}
      />
      <NotInNarration items={leftOut?.[template]} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <ButtonLink variant="ghost" href={`/dashboard/${teamId}/props/${listingId}`}>
          Cancel
        </ButtonLink>
        <Button type="submit" size="lg" pending={pending}>
          <Clapperboard aria-hidden /> Create video
        </Button>
      </div>
    </form>
  )
}
