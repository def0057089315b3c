import { MessageSquareOff } from 'lucide-react'

/**
 * The facts and description sentences the drafted narration could not fit into the scenes' time,
 * named on the create page (lib/narration/draft/left-out.ts), so nothing is dropped without a word.
 */
export function NotInNarration({ items }: { items: readonly string[] | undefined }) {
  if (!items?.length) return null
  return (
    <div role="note" aria-label="Not in the narration" className="flex gap-2 rounded-lg border border-border bg-canvas px-4 py-3 text-sm text-muted">
      <MessageSquareOff aria-hidden className="mt-0.5 size-4 shrink-0 text-subtle" />
      <p>
        <span className="font-medium text-ink">Not in the narration: </span>
        {items.join('; ')}. The scenes have no time left for {items.length === 1 ? 'it' : 'them'}: add photos, or edit a line to say {items.length === 1 ? 'it' : 'one'} instead.
      </p>
    </div>
  )
}
