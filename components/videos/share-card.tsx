'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Check, Copy, ExternalLink, Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { shareVideo, submitToShowcase } from '@/lib/share/actions'
import { shareRequestSchema, showcaseRequestSchema } from '@/lib/share/sharing'

interface Props {
  teamId: string
  videoId: string
  /** the public page's absolute address, built on the server from SITE_URL */
  shareUrl: string
  shared: boolean
  /** none | submitted | approved | rejected */
  showcase: string
  rendered: boolean
}

const SHOWCASE_TEXT: Record<string, string> = {
  none: 'Not in the showcase.',
  submitted: 'Submitted: our editors will review it.',
  approved: 'In the showcase.',
  rejected: 'Not accepted for the showcase this time.',
}

/** Share on a public page (toggle, copy link, open), and submit to the showcase. */
export function ShareCard({ teamId, videoId, shareUrl, shared: initialShared, showcase: initialShowcase, rendered }: Props) {
  const router = useRouter()
  const [shared, setShared] = useState(initialShared)
  const [showcase, setShowcase] = useState(initialShowcase)
  const [pending, setPending] = useState(false)
  const [copied, setCopied] = useState(false)

  async function toggle(next: boolean) {
    const request = shareRequestSchema.safeParse({ shared: next })
    if (!request.success) return
    // the switch moves at once and goes back if the server refuses
    const before = { shared, showcase }
    setShared(next)
    if (!next) setShowcase('none')
    setPending(true)
    const result = await shareVideo(teamId, videoId, request.data).catch(() => null)
    setPending(false)
    if (!result?.ok) {
      setShared(before.shared)
      setShowcase(before.showcase)
      toast.error(result?.error ?? 'We could not reach the server. Try again.')
      return
    }
    toast.success(next ? 'Shared: anyone with the link can watch it' : 'No longer shared: the page is gone')
    router.refresh()
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(shareUrl)
      setCopied(true)
      toast.success('Link copied')
      setTimeout(() => setCopied(false), 2000)
    } catch {
      toast.error('Your browser did not allow copying. Select the link and copy it instead.')
    }
  }

  async function submit(next: boolean) {
    const request = showcaseRequestSchema.safeParse({ submit: next })
    if (!request.success) return
    setPending(true)
    const result = await submitToShowcase(teamId, videoId, request.data).catch(() => null)
    setPending(false)
    if (!result?.ok) {
      toast.error(result?.error ?? 'We could not reach the server. Try again.')
      return
    }
    setShowcase(result.data.showcase)
    toast.success(next ? 'Submitted to the showcase' : 'Withdrawn from the showcase')
  }

  return (
    <Card data-testid="share-card">
      <CardHeader>
        <CardTitle>Share</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <label className="flex items-center justify-between gap-3 text-sm">
          <span>
            <span className="block font-medium text-ink">Public page</span>
            <span className="text-xs text-subtle">{rendered ? 'Anyone with the link can watch the latest render.' : 'Render the video first.'}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-label="Share on a public page"
            checked={shared}
            disabled={pending}
            onChange={(event) => void toggle(event.target.checked)}
            className="size-5 accent-brand-600"
          />
        </label>
        {shared ? (
          <div className="space-y-2">
            <input
              readOnly
              value={shareUrl}
              aria-label="Share link"
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-lg border border-border bg-canvas px-3 py-2 text-sm text-ink"
            />
            <div className="flex gap-2">
              <Button variant="outline" className="flex-1" onClick={() => void copy()}>
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy link'}
              </Button>
              <a href={shareUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-border hover:bg-canvas">
                <ExternalLink className="size-4" aria-hidden /> Open
              </a>
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-border pt-3 text-sm">
              <span className="text-muted" data-testid="showcase-state">{SHOWCASE_TEXT[showcase] ?? showcase}</span>
              {showcase === 'none' || showcase === 'rejected' ? (
                <Button variant="outline" size="sm" pending={pending} onClick={() => void submit(true)}>
                  <Sparkles aria-hidden /> Submit to showcase
                </Button>
              ) : (
                <Button variant="ghost" size="sm" pending={pending} onClick={() => void submit(false)}>
                  Withdraw
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  )
}
