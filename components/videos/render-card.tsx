'use client'

import { useEffect, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import Link from 'next/link'
import { toast } from 'sonner'
import { Clapperboard, Coins, Download, Subtitles, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/input'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { capture } from '@/lib/analytics/browser'
import { formatCredits } from '@/lib/credits/labels'
import { cancelVideoRender, renderVideo } from '@/lib/render/actions'
import { OFFERED_CODECS, RENDER_QUALITIES, renderRequestSchema, type RenderQuality, type RenderRunView } from '@/lib/render/codecs'
import { RenderHistory, RunProgress } from './render-progress'
import { UnbrandedOption } from './unbranded-option'
import { ACTIVE_STATUSES, useRenderRuns } from './use-render-runs'

interface Props {
  teamId: string
  videoId: string
  cost: number
  balance: number
  accountHref: string
  /** why a render cannot start now (props need repair), or null */
  blockedReason: string | null
  fps: number
  initialRuns: RenderRunView[]
  /** where the narration or on-screen text still names the agent (lib/render/unbranded.ts), or null */
  unbrandedLeak?: string | null
  /** scenes of a narrated video whose narration is missing or stale (spoken on the server before the render), or null */
  unspoken?: string | null
}

/** Render to a file: cost and balance, the format, live progress over realtime, the result and the history. */
export function RenderCard({ teamId, videoId, cost, balance, accountHref, blockedReason, fps, initialRuns, unbrandedLeak = null, unspoken = null }: Props) {
  const { runs, refresh } = useRenderRuns(teamId, videoId, initialRuns)
  // a run that ends changes what the server parts of the page show (the Share card's "Render the
  // video first", the status): they are drawn again at once, not at the next reload (issue 26)
  const router = useRouter()
  const running = useRef(new Set(initialRuns.filter((r) => ACTIVE_STATUSES.includes(r.status)).map((r) => r.id)))
  useEffect(() => {
    const ended = runs.some((r) => running.current.has(r.id) && !ACTIVE_STATUSES.includes(r.status))
    running.current = new Set(runs.filter((r) => ACTIVE_STATUSES.includes(r.status)).map((r) => r.id))
    if (ended) router.refresh()
  }, [runs, router])
  const [codec, setCodec] = useState<string>('h264')
  const [quality, setQuality] = useState<RenderQuality>('standard')
  const [pending, setPending] = useState(false)
  const [unbranded, setUnbranded] = useState(false)
  const active = runs.find((r) => ACTIVE_STATUSES.includes(r.status))
  const latest = runs.find((r) => r.status === 'succeeded' && r.videoUrl)
  const noCredit = balance < cost && !active
  const reason = blockedReason ?? (noCredit ? 'Your team has no credits left.' : active ? 'This video is rendering.' : unbranded && unbrandedLeak ? 'Remove the agent from the narration and text first.' : null)

  async function start() {
    const request = renderRequestSchema.safeParse({ codec, quality, unbranded })
    if (!request.success) {
      toast.error(request.error.issues[0]?.message ?? 'Choose a format and a quality.')
      return
    }
    setPending(true)
    const id = toast.loading(unspoken ? 'Speaking the unnarrated scenes, then queuing the render…' : 'Queuing the render…')
    try {
      const result = await renderVideo(teamId, videoId, request.data)
      if (result.ok) {
        toast.success('Render queued: it starts in a moment', { id })
        capture('render_queued', { team_id: teamId, video_id: videoId, run_id: result.data.runId, codec: request.data.codec, quality: request.data.quality })
        await refresh()
      } else toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    }
    setPending(false)
  }

  async function cancel(runId: string) {
    const id = toast.loading('Canceling the render…')
    const result = await cancelVideoRender(teamId, runId).catch(() => null)
    if (result?.ok) {
      toast.success('Render canceled; your credit was refunded', { id })
      await refresh()
    } else toast.error(result?.error ?? 'We could not reach the server. Try again.', { id })
  }

  return (
    <Card data-testid="render-card">
      <CardHeader>
        <CardTitle>Render to a file</CardTitle>
        <CardDescription>Turn this draft into a video to download and share.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-canvas px-3 py-2">
            <dt className="text-muted">Cost per render</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 font-semibold text-ink">
              <Coins aria-hidden className="size-4 text-brand-600" /> {formatCredits(cost)}
            </dd>
          </div>
          <div className="rounded-lg bg-canvas px-3 py-2">
            <dt className="text-muted">Your team has</dt>
            <dd className="mt-0.5 font-semibold text-ink">
              <Link href={accountHref} className="hover:text-brand-700 hover:underline">
                {formatCredits(balance)}
              </Link>
            </dd>
          </div>
        </dl>

        {active ? (
          <div className="space-y-3">
            <RunProgress run={active} />
            <Button variant="outline" className="w-full" onClick={() => void cancel(active.id)}>
              <X aria-hidden /> Cancel render
            </Button>
          </div>
        ) : (
          <div className="space-y-3">
            <label className="block text-sm font-medium text-ink" htmlFor="render-codec">
              Format
            </label>
            <Select id="render-codec" value={codec} onChange={(event) => setCodec(event.target.value)}>
              {OFFERED_CODECS.map((c) => (
                <option key={c.codec} value={c.codec} disabled={c.codec === 'gif' && fps > 50}>
                  {c.label} — {c.hint}
                </option>
              ))}
            </Select>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-ink">Quality</legend>
              <div className="grid grid-cols-2 gap-2">
                {RENDER_QUALITIES.map((q) => (
                  <label
                    key={q.quality}
                    className="flex cursor-pointer flex-col rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                  >
                    <span className="flex items-center gap-2 font-medium text-ink">
                      <input type="radio" name="render-quality" value={q.quality} checked={quality === q.quality} onChange={() => setQuality(q.quality)} className="accent-brand-600" />
                      {q.label}
                    </span>
                    <span className="text-xs text-muted">{q.hint}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <UnbrandedOption checked={unbranded} onChange={setUnbranded} leak={unbrandedLeak} />
            {unspoken ? (
              <p className="rounded-lg bg-canvas px-3 py-2 text-sm text-ink" data-testid="render-unspoken">
                {unspoken} Render speaks them with the video’s voice first.
              </p>
            ) : null}
            <Button className="w-full" onClick={() => void start()} pending={pending} disabled={Boolean(reason)} aria-describedby={reason ? 'render-blocked' : undefined}>
              <Clapperboard aria-hidden /> Render video
            </Button>
            {reason ? (
              <p id="render-blocked" className="text-center text-xs text-subtle">
                {reason} {noCredit && !blockedReason ? <Link href={accountHref} className="underline">Add credits</Link> : null}
              </p>
            ) : (
              <p className="text-center text-xs text-subtle">Takes {formatCredits(cost)}; refunded if the render fails or you cancel it.</p>
            )}
          </div>
        )}

        {latest ? (
          <div className="space-y-2" data-testid="render-result">
            <video controls preload="metadata" poster={latest.posterUrl ?? undefined} src={latest.videoUrl!} className="w-full rounded-lg bg-ink" />
            <a href={latest.downloadUrl ?? latest.videoUrl!} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
              <Download aria-hidden className="size-4" /> Download ({((latest.output_bytes ?? 0) / 1e6).toFixed(1)} MB)
            </a>
            {latest.unbranded ? <span className="ml-3 rounded-full bg-ink/5 px-2 py-0.5 text-xs font-medium text-muted">Unbranded</span> : null}
            {latest.captionsSrtUrl || latest.captionsVttUrl ? (
              <p className="flex items-center gap-3 text-sm" data-testid="render-captions">
                <Subtitles aria-hidden className="size-4 text-subtle" /> Captions:
                {latest.captionsSrtUrl ? <a href={latest.captionsSrtUrl} className="font-medium text-brand-700 hover:underline">SRT</a> : null}
                {latest.captionsVttUrl ? <a href={latest.captionsVttUrl} className="font-medium text-brand-700 hover:underline">WebVTT</a> : null}
              </p>
            ) : null}
          </div>
        ) : null}

        <RenderHistory runs={runs} />
      </CardBody>
    </Card>
  )
}
