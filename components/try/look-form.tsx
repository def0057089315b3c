'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SelectField } from '@/components/listings/select-field'
import { LookPickers } from '@/components/videos/look-pickers'
import { chooseTrialLook } from '@/lib/trials/actions'
import { chooseLookSchema } from '@/lib/trials/schema'
import { VoiceSample, voiceOptionLabel, type VoiceChoice } from '@/components/voices/voice-choice'
import type { TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'

export interface TrialLookFormProps {
  projectId: string
  initial: { template: TemplateId; format: VideoFormat; voiceId: string | null }
  drafts: Record<TemplateId, VideoProps>
  urls: Record<string, string>
  voices: VoiceChoice[]
}

/** The video step: template, format and voice, each shown live with the visitor's own photos. */
export function TrialLookForm({ projectId, initial, drafts, urls, voices }: TrialLookFormProps) {
  const router = useRouter()
  const [template, setTemplate] = useState(initial.template)
  const [format, setFormat] = useState(initial.format)
  const [voiceId, setVoiceId] = useState(initial.voiceId ?? '')
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const input = { projectId, template, format, voiceId }
    const parsed = chooseLookSchema.safeParse(input)
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please check your choices.')
      return
    }
    setPending(true)
    const toastId = toast.loading('Making your video…')
    try {
      const result = await chooseTrialLook(input)
      if (result.ok) {
        toast.success('Your video is ready to preview', { id: toastId })
        router.push(`/try/${result.data.projectId}`)
        return
      }
      toast.error(result.error, { id: toastId })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id: toastId })
    }
    setPending(false)
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <LookPickers
        template={template}
        format={format}
        onTemplate={setTemplate}
        onFormat={setFormat}
        drafts={drafts}
        urls={urls}
        templateHint="Each one is your property, live: pick the look that suits it."
        formatHint="Landscape for listing sites, portrait for stories and reels, square for feeds."
      />
      <Card>
        <CardHeader>
          <CardTitle>Narrator</CardTitle>
          <CardDescription>The voice that will read the script drafted from your facts.</CardDescription>
        </CardHeader>
        <CardBody>
          {voices.length ? (
            <>
              <SelectField label="Voice" name="voiceId" value={voiceId} onChange={(e) => setVoiceId(e.target.value)} className="max-w-sm">
                <option value="">No narration</option>
                {voices.map((voice) => (
                  <option key={voice.id} value={voice.id}>
                    {voiceOptionLabel(voice)}
                  </option>
                ))}
              </SelectField>
              <VoiceSample voice={voices.find((voice) => voice.id === voiceId)} />
            </>
          ) : (
            <p className="text-sm text-muted">No narrator voices are available yet, so your video plays with its titles and captions.</p>
          )}
        </CardBody>
      </Card>
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
        <ButtonLink href="/try/property" variant="outline">
          Back
        </ButtonLink>
        <Button type="submit" pending={pending}>
          Make my video
        </Button>
      </div>
    </form>
  )
}
