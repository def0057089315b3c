'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from 'sonner'
import { ArrowDown, ArrowUp, Clapperboard } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { VideoPlayer } from '@/components/videos/video-player'
import { renderTrial, saveTrialScenes } from '@/lib/trials/actions'
import { sceneEditsSchema } from '@/lib/trials/schema'
import type { TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'

export interface TrialProjectEditorProps {
  projectId: string
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  /** media ref → signed URL (full size, for the Player) */
  urls: Record<string, string>
  /** media ref → signed URL of the small thumbnail (the scene list) */
  thumbs: Record<string, string>
  /** false when the visitor's one trial render is taken (the page says where it is) */
  canRender: boolean
}

type SceneEdit = { id: string; src: string; caption: string }

const scenesOf = (props: VideoProps): SceneEdit[] => props.scenes.map((s) => ({ id: s.id, src: s.src, caption: s.caption ?? '' }))

/**
 * The trial project: the live (watermarked) preview, the small edits a trial allows (scene order
 * and captions, saved with "Save changes" or before rendering), and the one trial render.
 */
export function TrialProjectEditor({ projectId, template, format, props: initial, urls, thumbs, canRender }: TrialProjectEditorProps) {
  const router = useRouter()
  const [props, setProps] = useState(initial)
  const [scenes, setScenes] = useState(() => scenesOf(initial))
  const [saving, setSaving] = useState(false)
  const [rendering, setRendering] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const saved = scenesOf(props)
  const dirty = JSON.stringify(saved) !== JSON.stringify(scenes)

  function move(index: number, to: number) {
    if (to < 0 || to >= scenes.length) return
    const next = [...scenes]
    const [moved] = next.splice(index, 1)
    next.splice(to, 0, moved)
    setScenes(next)
  }

  /** Saves the edits; answers whether the video on the server now matches the page. */
  async function save(): Promise<boolean> {
    if (!dirty) return true
    const input = { projectId, scenes: scenes.map(({ id, caption }) => ({ id, caption })) }
    const parsed = sceneEditsSchema.safeParse(input)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the captions.')
      return false
    }
    setSaving(true)
    const result = await saveTrialScenes(input)
    setSaving(false)
    if (!result.ok) {
      setError(result.error)
      toast.error(result.error)
      return false
    }
    setError(null)
    setProps(result.data.props)
    setScenes(scenesOf(result.data.props))
    toast.success('Changes saved')
    return true
  }

  async function render() {
    if (!(await save())) return
    setRendering(true)
    const result = await renderTrial(projectId)
    if (!result.ok) {
      setRendering(false)
      toast.error(result.error)
      return
    }
    toast.success('Your video is in the queue')
    router.push(`/try/progress/${result.data.runId}`)
  }

  // the preview follows the edits before they are saved
  const byId = new Map(props.scenes.map((s) => [s.id, s]))
  const preview: VideoProps = {
    ...props,
    scenes: scenes.map(({ id, caption }) => {
      const { caption: _old, ...scene } = byId.get(id)!
      return caption.trim() ? { ...scene, caption: caption.trim().slice(0, 80) } : scene
    }),
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-4">
        <VideoPlayer template={template} format={format} props={preview} urls={urls} maxHeight="65vh" label="Your video, live" />
        <p className="text-sm text-muted">
          This preview is drawn live in your browser. The rendered video is up to 720p and carries a small watermark; sign up to
          render without it.
        </p>
      </div>
      <div className="space-y-5">
        <section aria-labelledby="scenes-heading" className="space-y-3">
          <h2 id="scenes-heading" className="font-semibold text-ink">
            Scenes
          </h2>
          <ol className="space-y-2">
            {scenes.map((scene, index) => (
              <li key={scene.id} className="flex items-center gap-3 rounded-lg border border-border bg-surface p-2" data-testid="trial-scene">
                {/* eslint-disable-next-line @next/next/no-img-element -- a signed storage URL, already a small WebP */}
                <img src={thumbs[scene.src] ?? urls[scene.src]} alt="" className="size-14 shrink-0 rounded-md object-cover" />
                <div className="min-w-0 flex-1">
                  <label htmlFor={`caption-${scene.id}`} className="text-xs font-medium text-muted">
                    Scene {index + 1} caption
                  </label>
                  <Input
                    id={`caption-${scene.id}`}
                    value={scene.caption}
                    maxLength={80}
                    placeholder="Optional"
                    onChange={(e) => setScenes(scenes.map((s) => (s.id === scene.id ? { ...s, caption: e.target.value } : s)))}
                  />
                </div>
                <div className="flex flex-col">
                  <Button variant="ghost" size="sm" aria-label={`Move scene ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Move scene ${index + 1} down`} disabled={index === scenes.length - 1} onClick={() => move(index, index + 1)}>
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
          {error ? (
            <p role="alert" className="text-sm text-danger-700">
              {error}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => void save()} pending={saving} disabled={!dirty}>
            {dirty ? 'Save changes' : 'All changes saved'}
          </Button>
        </section>
        {canRender ? (
          <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-4">
            <p className="text-sm text-ink">One free render per visitor: watermarked, up to 720p, ready in a few minutes.</p>
            <Button className="mt-3 w-full" size="lg" onClick={() => void render()} pending={rendering}>
              <Clapperboard aria-hidden className="size-4" />
              Render my video
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
