'use client'

import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Select, Textarea } from '@/components/ui/input'
import { cn } from '@/components/ui/cn'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { FEEDBACK, FEEDBACK_STATUSES, type FeedbackStatus } from '@/lib/constants'
import { reviewFeedback } from '@/lib/feedback/actions'
import { FEEDBACK_STATUS_LABELS, reviewFeedbackSchema } from '@/lib/feedback/schema'

interface Props {
  id: string
  status: FeedbackStatus
  note: string | null
}

/**
 * The administrator's controls under one message: its status and the internal note (never shown
 * to the sender). Saving sends both; the list refreshes with the new counts.
 */
export function FeedbackReview({ id, status, note }: Props) {
  const ids = useId()
  const router = useRouter()
  const [nextStatus, setNextStatus] = useState<FeedbackStatus>(status)
  const [draft, setDraft] = useState(note ?? '')
  const [editingNote, setEditingNote] = useState(false)
  const changed = nextStatus !== status || draft.trim() !== (note ?? '')
  const length = draft.trim().length

  const form = useActionForm(
    reviewFeedbackSchema,
    reviewFeedback,
    {
      loading: 'Saving…',
      success: (result) =>
        result.status !== status ? `Marked as ${FEEDBACK_STATUS_LABELS[result.status].toLowerCase()}` : result.admin_note ? 'Note saved' : 'Note removed',
    },
    (result) => {
      setNextStatus(result.status)
      setDraft(result.admin_note ?? '')
      setEditingNote(false)
      router.refresh()
    },
  )

  return (
    <form
      method="post"
      noValidate
      aria-label="Review"
      onSubmit={(event) => {
        event.preventDefault()
        void form.submit({ id, status: nextStatus, note: draft })
      }}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={`${ids}-status`} className="block text-xs font-medium text-muted">
            Status
          </label>
          <Select
            id={`${ids}-status`}
            name="status"
            value={nextStatus}
            onChange={(event) => setNextStatus(event.target.value as FeedbackStatus)}
            className="h-9 w-36"
          >
            {FEEDBACK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {FEEDBACK_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {!editingNote ? (
          <Button variant="ghost" size="sm" className="h-9" onClick={() => setEditingNote(true)}>
            {note ? 'Edit note' : 'Add a note'}
          </Button>
        ) : null}
        <Button type="submit" size="sm" className="h-9" pending={form.pending} disabled={!changed}>
          Save
        </Button>
      </div>

      {editingNote ? (
        <div className="space-y-1">
          <label htmlFor={`${ids}-note`} className="block text-xs font-medium text-muted">
            Note for administrators
          </label>
          <Textarea
            id={`${ids}-note`}
            name="note"
            rows={3}
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault()
                setDraft(note ?? '')
                setEditingNote(false)
              }
            }}
            aria-invalid={form.errors.note || length > FEEDBACK.noteMax ? true : undefined}
            aria-describedby={`${ids}-note-help`}
            placeholder="What was done, who is on it, where it is tracked…"
          />
          <div id={`${ids}-note-help`} className="flex justify-between gap-3 text-xs">
            {form.errors.note ? (
              <span role="alert" className="text-danger-700">
                {form.errors.note}
              </span>
            ) : (
              <span className="text-muted">Only administrators see notes. Leave empty to remove it. Escape cancels.</span>
            )}
            <span className={cn('shrink-0 tabular-nums', length > FEEDBACK.noteMax ? 'font-medium text-danger-700' : 'text-subtle')}>
              {length.toLocaleString('en-US')} / {FEEDBACK.noteMax.toLocaleString('en-US')}
            </span>
          </div>
        </div>
      ) : null}
    </form>
  )
}
