'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { usePathname } from 'next/navigation'
import { MessageSquarePlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Dialog } from '@/components/ui/dialog'
import { Textarea } from '@/components/ui/input'
import { FEEDBACK, FEEDBACK_KINDS, type FeedbackKind } from '@/lib/constants'
import { sendFeedback } from '@/lib/feedback/actions'
import { FEEDBACK_KIND_LABELS, sendFeedbackSchema, type SendFeedbackInput } from '@/lib/feedback/schema'
import { useActionForm } from './use-action-form'

interface Props {
  teamId: string
  /** `sidebar`: a labelled row in the desktop sidebar; `icon`: the phone top bar's icon button */
  variant: 'sidebar' | 'icon'
}

/**
 * "Send feedback" on every team page: a dialog with the kind and the message; the page's path goes
 * with it. The message stays in the dialog until it is sent, so closing it by accident loses nothing.
 */
export function FeedbackButton({ teamId, variant }: Props) {
  const ids = useId()
  const pathname = usePathname()
  const [open, setOpen] = useState(false)
  const [kind, setKind] = useState<FeedbackKind | ''>('')
  const [message, setMessage] = useState('')
  const firstKind = useRef<HTMLInputElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  const form = useActionForm(
    sendFeedbackSchema,
    sendFeedback,
    {
      loading: 'Sending your feedback…',
      success: () => 'Thanks — your feedback was sent',
      successDescription: () => 'We read every message. This page’s address was included.',
    },
    () => {
      close()
      setKind('')
      setMessage('')
    },
  )

  // the native dialog focuses its first button (Close): start on the choice instead; and since the
  // dialog leaves the page when it closes, hand focus back to the button that opened it
  useEffect(() => {
    if (open) firstKind.current?.focus()
    else if (wasOpen.current) trigger.current?.focus()
    wasOpen.current = open
  }, [open])

  function close() {
    setOpen(false)
    form.setErrors({})
  }

  const length = message.trim().length
  const over = length > FEEDBACK.messageMax

  return (
    <>
      {variant === 'sidebar' ? (
        <button
          ref={trigger}
          type="button"
          onClick={() => setOpen(true)}
          className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink"
        >
          <MessageSquarePlus aria-hidden className="size-4" />
          Send feedback
        </button>
      ) : (
        <button
          ref={trigger}
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Send feedback"
          className="rounded-lg p-2 text-muted hover:bg-ink/5 hover:text-ink"
        >
          <MessageSquarePlus aria-hidden className="size-5" />
        </button>
      )}

      {/* mounted only while open: the page carries no hidden copy of the form (there are two buttons) */}
      {open ? (
        <Dialog
          open={open}
          onClose={close}
          title="Send feedback"
          description="Tell us what broke, what you would like, or what you enjoy. The product team reads every message."
          className="max-w-lg"
        >
          <form
            method="post"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              // an unchosen kind goes to the schema as '' and comes back as its message
              void form.submit({ kind, message, pagePath: pathname, teamId } as SendFeedbackInput)
            }}
            className="space-y-5"
          >
            <fieldset aria-describedby={form.errors.kind ? `${ids}-kind-error` : undefined}>
              <legend className="text-sm font-medium text-ink">What is it about?</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {FEEDBACK_KINDS.map((value, index) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors',
                      'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/40',
                      kind === value ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-border-strong text-ink hover:bg-canvas',
                    )}
                  >
                    <input
                      ref={index === 0 ? firstKind : undefined}
                      type="radio"
                      name="kind"
                      value={value}
                      checked={kind === value}
                      onChange={() => setKind(value)}
                      className="size-4 accent-brand-600"
                    />
                    {FEEDBACK_KIND_LABELS[value]}
                  </label>
                ))}
              </div>
              {form.errors.kind ? (
                <p id={`${ids}-kind-error`} role="alert" className="mt-1.5 text-sm text-danger-700">
                  {form.errors.kind}
                </p>
              ) : null}
            </fieldset>

            <div className="space-y-1.5">
              <label htmlFor={`${ids}-message`} className="block text-sm font-medium text-ink">
                Message
              </label>
              <Textarea
                id={`${ids}-message`}
                name="message"
                rows={6}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                aria-invalid={form.errors.message || over ? true : undefined}
                aria-describedby={`${ids}-counter${form.errors.message ? ` ${ids}-message-error` : ''}`}
                placeholder="What happened, what you expected, or what you would like…"
              />
              <div className="flex items-start justify-between gap-3 text-sm">
                {form.errors.message ? (
                  <p id={`${ids}-message-error`} role="alert" className="text-danger-700">
                    {form.errors.message}
                  </p>
                ) : (
                  <p className="text-muted">We include the address of this page.</p>
                )}
                <p id={`${ids}-counter`} className={cn('shrink-0 tabular-nums', over ? 'font-medium text-danger-700' : 'text-subtle')}>
                  <span className="sr-only">Characters used: </span>
                  {length.toLocaleString('en-US')} / {FEEDBACK.messageMax.toLocaleString('en-US')}
                </p>
              </div>
            </div>

            {form.errors.pagePath || form.errors.teamId ? (
              <p role="alert" className="text-sm text-danger-700">
                {form.errors.pagePath ?? form.errors.teamId}
              </p>
            ) : null}

            <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" pending={form.pending}>
                Send feedback
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  )
}
