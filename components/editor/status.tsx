'use client'

import { memo, useEffect, useRef } from 'react'
import { AlertCircle, AlertTriangle, Check, CircleDot, Clock, GitMerge, Loader2, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { Dialog } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { TEMPLATES, type TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { saveStatusText, type SavePhase } from './autosave'
import { DETAILS_LABEL, formatDuration, formatSize, type DetailsState } from './details-state'
import type { EditorDoc } from './doc'

const phaseIcon: Record<SavePhase, { icon: typeof Check; className: string }> = {
  saved: { icon: Check, className: 'text-success-600' },
  dirty: { icon: CircleDot, className: 'text-subtle' },
  invalid: { icon: AlertCircle, className: 'text-danger-600' },
  // a save takes a moment, so it may spin; retrying can last as long as the connection is down, while
  // the person keeps typing, and an endless animation makes every keystroke's frame wait for the
  // display's next tick (docs/editor.md, eighth round)
  saving: { icon: Loader2, className: 'animate-spin text-brand-600' },
  retrying: { icon: RefreshCw, className: 'text-warning-600' },
  conflict: { icon: GitMerge, className: 'text-danger-600' },
}

// a spinner only before there is anything to show: the details are refreshed all the time someone
// types, and an animated icon then kept Chromium producing frames, so every keystroke's frame waited
// for the display's next tick (docs/editor.md, eighth round)
const detailsIcon: Record<DetailsState['phase'], typeof Check> = {
  loading: Loader2,
  refreshing: Clock,
  error: AlertTriangle,
  success: Check,
}

/** "All changes saved" and friends; the text of `data-testid="save-status"` is exactly the status. */
export function SaveStatus({ phase, error, onResolve }: { phase: SavePhase; error: string | null; onResolve?: () => void }) {
  const { icon: Icon, className } = phaseIcon[phase]
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden className={cn('size-4 shrink-0', className)} />
      <span
        data-testid="save-status"
        data-phase={phase}
        role="status"
        aria-live="polite"
        title={error ?? undefined}
        className={cn('truncate text-sm font-medium', phase === 'conflict' || phase === 'invalid' ? 'text-danger-700' : phase === 'retrying' ? 'text-warning-700' : 'text-muted')}
      >
        {saveStatusText(phase)}
      </span>
      {phase === 'conflict' && onResolve ? (
        <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onResolve}>
          Resolve
        </Button>
      ) : null}
    </div>
  )
}

/** Duration, size and frame rate as the server works them out, with the request's state. */
export const CompositionDetailsCard = memo(function CompositionDetailsCard({ state, template, format }: { state: DetailsState; template: TemplateId; format: VideoFormat }) {
  const { phase, details, error } = state
  const busy = phase === 'loading' || phase === 'refreshing'
  const DetailsIcon = detailsIcon[phase]
  return (
    <Card data-testid="composition-details" data-state={phase} aria-busy={busy} className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-ink">Composition</h2>
        <span
          data-testid="composition-details-status"
          className={cn(
            'inline-flex items-center gap-1.5 text-xs font-medium',
            phase === 'error' ? 'text-danger-700' : phase === 'success' ? 'text-success-700' : 'text-muted',
          )}
        >
          <DetailsIcon aria-hidden className={cn('size-3.5', phase === 'loading' && 'animate-spin')} />
          {DETAILS_LABEL[phase]}
        </span>
      </div>
      {phase === 'error' && error ? (
        <p role="alert" className="border-b border-border bg-danger-50 px-4 py-2.5 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
      {details ? (
        <dl className={cn('grid grid-cols-3 divide-x divide-border text-center transition-opacity', phase !== 'success' && 'opacity-60')}>
          <Fact label="Duration" value={formatDuration(details.seconds)} sub={`${details.durationInFrames.toLocaleString('en-US')} frames`} testId="details-duration" />
          <Fact label="Size" value={formatSize(details)} sub={VIDEO_FORMATS[format].label.replace(/ \d+:\d+$/, '')} testId="details-size" />
          <Fact label="Frame rate" value={`${details.fps} fps`} sub={TEMPLATES[template].name} testId="details-fps" />
        </dl>
      ) : phase === 'error' ? null : (
        <div className="grid grid-cols-3 gap-3 px-4 py-3.5" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex flex-col items-center gap-1.5">
              <Skeleton className="h-3 w-12" />
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-3 w-14" />
            </div>
          ))}
        </div>
      )}
    </Card>
  )
})

function Fact({ label, value, sub, testId }: { label: string; value: string; sub: string; testId: string }) {
  return (
    <div className="min-w-0 px-2 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 truncate text-base font-semibold tabular-nums text-ink">
        {value}
      </dd>
      <dd className="truncate text-xs text-muted">{sub}</dd>
    </div>
  )
}

function describeDoc(doc: EditorDoc) {
  const scenes = doc.props.scenes.length
  return `“${doc.title}” · ${TEMPLATES[doc.template].name} · ${VIDEO_FORMATS[doc.format].label} · ${scenes} scene${scenes === 1 ? '' : 's'}`
}

export const CONFLICT_TITLE = 'This video changed in another tab'

/** Someone saved this video since we loaded it: load theirs, or keep ours (saved over theirs). */
/** `mine` is null while the dialog is closed (the editor's document changes on every keystroke) */
export const ConflictDialog = memo(function ConflictDialog({
  open,
  onClose,
  mine,
  theirs,
  theirsAt,
  onLoadTheirs,
  onKeepMine,
}: {
  open: boolean
  onClose: () => void
  mine: EditorDoc | null
  theirs: EditorDoc | null
  theirsAt: string | null
  onLoadTheirs: () => void
  onKeepMine: () => void
}) {
  const when = theirsAt ? new Date(theirsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null
  const body = useRef<HTMLDListElement>(null)
  // the shared Dialog does not name its <dialog>; give this one its title as accessible name
  useEffect(() => {
    const dialog = body.current?.closest('dialog')
    if (dialog && !dialog.hasAttribute('aria-labelledby')) dialog.setAttribute('aria-label', CONFLICT_TITLE)
  }, [open])
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={CONFLICT_TITLE}
      description={`It was saved${when ? ` at ${when}` : ''} from another tab or by a teammate after you opened it. Your changes are still here; nothing was overwritten.`}
      footer={
        <>
          <Button variant="outline" onClick={onLoadTheirs} data-testid="conflict-load-theirs">
            Load their version
          </Button>
          <Button onClick={onKeepMine} data-testid="conflict-keep-mine">
            Keep mine
          </Button>
        </>
      }
    >
      <dl ref={body} className="space-y-3 text-sm" data-testid="conflict-dialog">
        <div className="rounded-lg border border-border bg-canvas px-3 py-2">
          <dt className="text-xs font-medium text-muted">Their version</dt>
          <dd className="mt-0.5 text-ink">{theirs ? describeDoc(theirs) : '—'}</dd>
        </div>
        <div className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <dt className="text-xs font-medium text-brand-700">Your version</dt>
          <dd className="mt-0.5 text-ink">{mine ? describeDoc(mine) : '—'}</dd>
        </div>
        <p className="text-muted">“Keep mine” saves your version over theirs. “Load their version” replaces yours; Undo brings yours back.</p>
      </dl>
    </Dialog>
  )
})
