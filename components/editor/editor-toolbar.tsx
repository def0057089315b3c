'use client'

import { memo } from 'react'
import { ChevronLeft, Redo2, Undo2 } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { IntentLink } from '@/components/ui/intent-link'
import { LinkPending } from '@/components/ui/link-pending'
import { SaveStatus } from './status'

/** The editor's heading (listing, video title) and its sticky bar: save status, undo, redo, done. */
/** memoised: its props are stable while typing (title, links, phase), so a keystroke elsewhere skips it */
export const EditorToolbar = memo(function EditorToolbar(props: {
  title: string
  listingTitle: string
  links: { video: string; listing: string }
  phase: Parameters<typeof SaveStatus>[0]['phase']
  error: string | null
  canUndo: boolean
  canRedo: boolean
  onUndo: () => void
  onRedo: () => void
  onResolve: () => void
}) {
  return (
    <>
      <div className="space-y-3">
        <IntentLink href={props.links.video} className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
          <ChevronLeft aria-hidden className="size-4" /> Video
          <LinkPending className="ml-1 size-3.5" />
        </IntentLink>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-brand-700">
            <IntentLink href={props.links.listing} className="hover:underline">
              {props.listingTitle}
            </IntentLink>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{props.title.trim() || 'Untitled video'}</h1>
        </div>
      </div>
      {/* a direct child of the editor's column, so it stays in view for the whole page */}
      <div className="sticky top-14 z-20 -mx-4 flex items-center gap-2 border-y border-border bg-canvas/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-0 lg:-mx-10 lg:px-10">
        <div className="min-w-0 flex-1">
          <SaveStatus phase={props.phase} error={props.error} onResolve={props.onResolve} />
        </div>
        <Button size="sm" variant="ghost" onClick={props.onUndo} disabled={!props.canUndo} aria-label="Undo" aria-keyshortcuts="Control+Z Meta+Z" data-testid="editor-undo">
          <Undo2 aria-hidden /> <span className="max-sm:sr-only">Undo</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onRedo} disabled={!props.canRedo} aria-label="Redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" data-testid="editor-redo">
          <Redo2 aria-hidden /> <span className="max-sm:sr-only">Redo</span>
        </Button>
        <ButtonLink href={props.links.video} size="sm" variant="outline" prefetchOnIntent>
          Done
        </ButtonLink>
      </div>
    </>
  )
})
