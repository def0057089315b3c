'use client'

import { useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Sparkles, Trash2, Upload } from 'lucide-react'
import { formatBytes, putToSignedUrl } from '@/components/media/upload-file'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { VOICES } from '@/lib/constants'
import { generateVoiceSample } from '@/lib/narration/actions'
import { finalizeSample, prepareSample, removeSample } from '@/lib/voices/actions'
import { providerUnavailable } from '@/lib/voices/providers'
import { prepareSampleSchema } from '@/lib/voices/schema'

interface Props {
  voice: { id: string; name: string; provider: string; sampleUrl: string | null }
  /** the speech providers this server has (flite always; elevenlabs with its key) */
  providers: readonly string[]
  onClose: () => void
  onChanged: () => void
}

const ACCEPT = 'audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,.mp3,.wav,.m4a,.aac,.ogg'

/** A voice's sample: play it, upload a recording with progress, or remove it. */
export function VoiceSampleDialog({ voice, providers, onClose, onChanged }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const ids = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [file, setFile] = useState<{ name: string; bytes: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState(false)
  const [generating, setGenerating] = useState(false)
  const unavailable = providerUnavailable(voice.provider, providers)

  async function generate() {
    setGenerating(true)
    setProblem(null)
    const id = toast.loading(`${voice.name} is speaking the sample…`)
    try {
      const result = await generateVoiceSample({ id: voice.id })
      if (!result.ok) {
        setProblem(result.error)
        return void toast.error(result.error, { id })
      }
      toast.success(`${voice.name} has a new sample (${result.data.seconds.toFixed(1)} s)`, { id })
      onChanged()
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setGenerating(false)
    }
  }

  async function upload(picked: File | undefined) {
    if (!picked) return
    const checked = prepareSampleSchema.safeParse({ voiceId: voice.id, name: picked.name, bytes: picked.size, mime: picked.type })
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'That file cannot be a sample.')
      return
    }
    setProblem(null)
    setFile({ name: picked.name, bytes: picked.size })
    setProgress(0)
    const id = toast.loading(`Uploading ${picked.name}…`)
    try {
      const prepared = await prepareSample({ voiceId: voice.id, name: picked.name, bytes: picked.size, mime: picked.type })
      if (!prepared.ok) throw new Error(prepared.error)
      await putToSignedUrl(prepared.data, picked, setProgress)
      toast.loading(`Checking ${picked.name}…`, { id })
      const finalized = await finalizeSample({ voiceId: voice.id, path: prepared.data.path, name: picked.name })
      if (!finalized.ok) throw new Error(finalized.error)
      toast.success(`${voice.name} has a new sample`, { id })
      onChanged()
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The upload failed.'
      setProblem(message)
      toast.error(message, { id })
    } finally {
      setProgress(null)
      setFile(null)
      if (input.current) input.current.value = ''
    }
  }

  async function remove() {
    setRemoving(true)
    const id = toast.loading(`Removing the sample of ${voice.name}…`)
    try {
      const result = await removeSample({ id: voice.id })
      if (!result.ok) return void toast.error(result.error, { id })
      toast.success(`${voice.name} has no sample now`, { id })
      onChanged()
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setRemoving(false)
    }
  }

  const percent = Math.round((progress ?? 0) * 100)
  const busy = progress !== null
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Sample of ${voice.name}`}
      description="A few seconds of this voice, played to teams in their library. Upload a recording, or generate one with the voice’s provider."
      className="max-w-lg"
    >
      <div className="space-y-5">
        {voice.sampleUrl ? (
          <audio controls preload="none" src={voice.sampleUrl} className="w-full" aria-label={`Sample of ${voice.name}`} />
        ) : (
          <p className="rounded-lg border border-dashed border-border-strong bg-canvas px-4 py-3 text-sm text-muted">No sample yet.</p>
        )}

        <div className="space-y-2">
          <input
            ref={input}
            id={`${ids}-file`}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-label={`Recording for ${voice.name}`}
            aria-describedby={`${ids}-rules`}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" pending={busy} disabled={generating} onClick={() => input.current?.click()}>
              <Upload aria-hidden /> {voice.sampleUrl ? 'Replace with a recording' : 'Upload a recording'}
            </Button>
            <Button
              variant="outline"
              pending={generating}
              disabled={busy || Boolean(unavailable)}
              aria-describedby={unavailable ? `${ids}-generate` : undefined}
              onClick={() => void generate()}
            >
              <Sparkles aria-hidden /> Generate sample
            </Button>
          </div>
          <p id={`${ids}-rules`} className="text-sm text-muted">
            MP3, WAV, M4A, AAC or Ogg, up to {VOICES.sampleMaxBytes / (1024 * 1024)} MB. The file is checked by its content.
          </p>
          {unavailable ? (
            <p id={`${ids}-generate`} className="text-sm text-muted" data-testid="no-voice-provider">
              {unavailable}
            </p>
          ) : null}
          {busy && file ? (
            <div className="space-y-1">
              <div className="flex justify-between text-xs text-muted">
                <span className="truncate">{file.name}</span>
                <span className="tabular-nums">
                  {percent < 100 ? `${percent}%` : 'Checking…'} · {formatBytes(file.bytes)}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Upload of ${file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 overflow-hidden rounded-full bg-ink/10"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-danger-700">
              {problem}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-between">
          {voice.sampleUrl ? (
            <Button variant="ghost" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" pending={removing} disabled={busy} onClick={() => void remove()}>
              <Trash2 aria-hidden /> Remove sample
            </Button>
          ) : (
            <span />
          )}
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
