'use client'

import { useRouter } from 'next/navigation'
import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Clapperboard, Mic } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LookPickers } from './look-pickers'
import { MusicSelect } from './music-select'
import { NarrationScripts } from './narration-scripts'
import { NotInNarration } from './not-in-narration'
import { capture } from '@/lib/analytics/browser'
import { narrateVideo } from '@/lib/narration/actions'
import { createVideo } from '@/lib/videos/actions'
import { CAPTIONED_FORMATS, defaultMusicTrack, defaultVoiceId } from '@/lib/videos/defaults'
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
  voices: (VoiceChoice & { provider_voice_id?: string | null })[]
  /** the voice of the team's newest video that has one: the default voice when still offered */
  teamVoiceId?: string | null
  audio: { id: string; name: string; url: string | null; seconds: number | null }[]
  libraryHref: string
}


const defaultTitle = (listingTitle: string, template: TemplateId) =>
  `${listingTitle} — ${TEMPLATES[template].name}`.slice(0, 120)

/** The music select's value: '' (no music), `track:<shipped id>` or `asset:<library id>`. */
const trackChoice = (template: TemplateId) => `track:${defaultMusicTrack(template).id}`

export function CreateVideoForm({ teamId, listingId, listingTitle, drafts, urls, thumbs, initialScripts, leftOut, voices, teamVoiceId = null, audio, libraryHref }: CreateVideoFormProps) {
  const router = useRouter()
  const ids = useId()
  const [template, setTemplate] = useState<TemplateId>('classic-tour')
  const [format, setFormat] = useState<VideoFormat>('landscape')
  const [title, setTitle] = useState(defaultTitle(listingTitle, 'classic-tour'))
  const [titleTouched, setTitleTouched] = useState(false)
  // narrated by default: the team's last voice, else the template's (lib/videos/defaults.ts)
  const [voiceId, setVoiceId] = useState(() => defaultVoiceId('classic-tour', voices, teamVoiceId) ?? '')
  const [voiceTouched, setVoiceTouched] = useState(false)
  const [musicChoice, setMusicChoice] = useState(() => trackChoice('classic-tour'))
  const [musicTouched, setMusicTouched] = useState(false)
  const [speaking, setSpeaking] = useState<{ done: number; total: number } | null>(null)
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
  const musicAssetId = musicChoice.startsWith('asset:') ? musicChoice.slice(6) : ''
  const musicTrackId = musicChoice.startsWith('track:') ? musicChoice.slice(6) : ''

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
    if (!voiceTouched) setVoiceId(defaultVoiceId(next, voices, teamVoiceId) ?? '')
    if (!musicTouched) setMusicChoice(trackChoice(next))
  }

  /** Speaks the new video's scenes on the server a few at a time, showing the progress; false when it stopped early. */
  async function speakScenes(videoId: string, toastId: string | number): Promise<boolean> {
    const total = scripts.filter((s) => s.trim()).length
    let done = 0
    setSpeaking({ done, total })
    for (;;) {
      toast.loading(`Speaking the narration: ${done} of ${total} scenes…`, { id: toastId })
      const step = await narrateVideo(teamId, videoId, { max: 2 })
      if (!step.ok) {
        toast.error(`The video is created, but its narration stopped: ${step.error} The editor’s “Narrate scenes” finishes it.`, { id: toastId })
        return false
      }
      done = Math.max(done, step.data.scripted - step.data.remaining)
      setSpeaking({ done, total: step.data.scripted })
      if (step.data.remaining === 0 || step.data.narrated === 0) return true
    }
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
      musicTrackId: musicTrackId || null,
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
        const spoken = parsed.data.voiceId ? await speakScenes(result.data.id, toastId).catch(() => {
              toast.error('The video is created, but we lost the server while speaking its narration. The editor’s “Narrate scenes” finishes it.', { id: toastId })
              return false
            }) : true
        if (spoken) toast.success(parsed.data.voiceId ? 'Video created and narrated — opening the editor' : 'Video created — opening the editor', { id: toastId })
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
    setSpeaking(null)
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
                    setVoiceTouched(true)
                    clearError('voiceId')
                  }} aria-invalid={errors.voiceId ? true : undefined}>
                  <option value="">No narration</option>
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
            <MusicSelect
              id={`${ids}-music`}
              value={musicChoice}
              audio={audio}
              error={errors.musicAssetId ?? errors.musicTrackId}
              libraryHref={libraryHref}
              onChange={(value) => {
                setMusicChoice(value)
                setMusicTouched(true)
                clearError('musicAssetId')
                clearError('musicTrackId')
              }}
            />
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

      <p className="text-sm text-muted" data-testid="create-defaults">
        {voiceId ? 'Each scene’s script is spoken when the video is created, so the editor opens on a narrated video.' : 'No narration: the video will have music and pictures only.'}{' '}
        {CAPTIONED_FORMATS.includes(format) ? 'Captions are on for this format (phones often play muted); the editor can turn them off.' : null}
      </p>
      {speaking ? (
        <div className="space-y-1" data-testid="create-narration-progress">
          <p className="text-sm font-medium text-ink" aria-live="polite">Speaking the narration: {speaking.done} of {speaking.total} scenes</p>
          <div role="progressbar" aria-label="Narration" aria-valuemin={0} aria-valuemax={speaking.total} aria-valuenow={speaking.done} className="h-2 overflow-hidden rounded-full bg-canvas">
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${speaking.total ? (100 * speaking.done) / speaking.total : 0}%` }} />
          </div>
        </div>
      ) : null}

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
