'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { reviewShowcase } from '@/lib/showcase/actions'
import { reviewShowcaseSchema, type ShowcaseReviewState } from '@/lib/showcase/schema'

/** Approve or decline one submission; the list refreshes (the video moves to its new tab). */
export function ShowcaseReview({ videoId, title, state }: { videoId: string; title: string; state: ShowcaseReviewState }) {
  const router = useRouter()
  const form = useActionForm(
    reviewShowcaseSchema,
    reviewShowcase,
    {
      loading: 'Saving…',
      success: (result) => (result.state === 'approved' ? `“${title}” is on the showcase` : `“${title}” was declined`),
    },
    () => router.refresh(),
  )
  return (
    <div className="flex shrink-0 gap-2" role="group" aria-label={`Review “${title}”`}>
      {state !== 'approved' ? (
        <Button size="sm" pending={form.pending} onClick={() => void form.submit({ videoId, approve: true })}>
          Approve
        </Button>
      ) : null}
      {state !== 'rejected' ? (
        <Button size="sm" variant="outline" disabled={form.pending} onClick={() => void form.submit({ videoId, approve: false })}>
          {state === 'approved' ? 'Remove from showcase' : 'Decline'}
        </Button>
      ) : null}
    </div>
  )
}
