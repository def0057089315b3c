'use client'

import { useState, type FormEvent } from 'react'
import { Link2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import type { ActionResult } from '@/lib/safe-action'
import { plural } from '@/lib/plural'
import { importUrlProblem, type ImportedDraft } from './import-draft'

interface ImportFromLinkProps {
  /** the server action that reads the page (team or trial) */
  read: (input: { url: string }) => Promise<ActionResult<ImportedDraft>>
  /** fills the form; answers how many photos were left out for want of room */
  onDraft: (draft: ImportedDraft) => number
  /** extra words under the summary (the agent the page named, say) */
  note?: React.ReactNode
}

/**
 * "Start from a listing page" (issue 29): the server reads the page and the form fills with what it
 * said, the photos arriving one by one. Nothing is saved until the person saves the form.
 */
export function ImportFromLink({ read, onDraft, note }: ImportFromLinkProps) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)
  const [summary, setSummary] = useState<{ found: string[]; message: string | null; photos: number; leftOut: number } | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = importUrlProblem(url)
    setError(problem ?? undefined)
    if (problem) return
    setPending(true)
    const result = await read({ url: url.trim() }).catch(() => ({ ok: false as const, error: 'We could not reach the server. Check your connection and try again.' }))
    setPending(false)
    if (!result.ok) {
      setError(result.error)
      toast.error(result.error)
      return
    }
    const leftOut = onDraft(result.data)
    setSummary({ found: result.data.found, message: result.data.message, photos: result.data.photos.length, leftOut })
    toast.success(`Filled ${plural(result.data.found.length, 'field')} from the page. Check them before you save.`)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Start from a listing page</CardTitle>
        <CardDescription>Paste the listing&apos;s address on your website or a portal. We fill in what the page says and fetch its photos; you check everything before saving.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            className="flex-1"
            label="Listing page address"
            name="importUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.example.com/listings/12-oak-street"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value)
              setError(undefined)
            }}
            error={error}
          />
          <Button type="submit" pending={pending} className="sm:mt-7">
            <Link2 aria-hidden className="size-4" /> Read the page
          </Button>
        </form>
        {summary ? (
          <div role="status" className="space-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm text-ink" data-testid="import-summary">
            <p>
              {summary.found.length ? `Found ${summary.found.join(', ')}.` : 'The page gave no facts.'}{' '}
              {summary.photos ? `${plural(summary.photos, 'photo')} ${summary.photos === 1 ? 'is' : 'are'} on the way below.` : 'It had no photos we could use.'}
              {summary.leftOut ? ` ${plural(summary.leftOut, 'more photo')} did not fit.` : ''}
            </p>
            {summary.message ? <p className="font-medium">{summary.message}</p> : null}
            {note}
          </div>
        ) : null}
      </CardBody>
    </Card>
  )
}
