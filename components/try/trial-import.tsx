'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Clapperboard } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { importTrial } from '@/lib/trials/keep-actions'
import type { TrialOffer } from '@/lib/trials/offer'
import { importTrialSchema } from '@/lib/trials/schema'

/*
 * Keeping the trial in the dashboard: what it looks like (the team creation page and the team home)
 * and the import itself, a loading toast that ends on the new video's page or says what went wrong.
 */

export function TrialSummary({ trial }: { trial: TrialOffer }) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-canvas text-subtle [&_svg]:size-5">
        {trial.thumbUrl ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={trial.thumbUrl} alt="" className="size-full object-cover" data-testid="trial-import-thumb" />
        ) : (
          <Clapperboard aria-hidden />
        )}
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-ink">{trial.title}</span>
        <span className="block text-xs text-muted">
          {trial.photoCount} photos and your trial video
        </span>
      </span>
    </div>
  )
}

/** Imports the trial into `teamId`; on success opens the new video, else the team home. */
export function useTrialImport() {
  const router = useRouter()
  return async function importInto(projectId: string, teamId: string): Promise<boolean> {
    const input = importTrialSchema.safeParse({ projectId, teamId })
    if (!input.success) {
      toast.error('That trial cannot be brought in from here. Reload the page and try again.')
      return false
    }
    const id = toast.loading('Bringing your trial into the team…')
    try {
      const result = await importTrial(input.data)
      if (!result.ok) {
        toast.error(result.error, { id, description: 'You can try again from the team home.' })
        router.push(`/dashboard/${teamId}`)
        return false
      }
      const { listingId, videoId } = result.data
      toast.success('Your trial is in the team', { id, description: 'Render it in full quality, without the watermark, when you are ready.' })
      router.push(`/dashboard/${teamId}/props/${listingId}/${videoId}`)
      return true
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
      return false
    }
  }
}

/** The team home's reminder: a trial that is still only in the try pages, brought in with one click. */
export function TrialImportCard({ trial, teamId, teamName }: { trial: TrialOffer; teamId: string; teamName: string }) {
  const importInto = useTrialImport()
  const [pending, setPending] = useState(false)
  return (
    <section aria-labelledby="trial-import-title" className="mb-6 rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:p-5">
      <h2 id="trial-import-title" className="mb-3 text-sm font-semibold text-ink">
        Your trial video is not in a team yet
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TrialSummary trial={trial} />
        <Button
          pending={pending}
          onClick={async () => {
            setPending(true)
            if (!(await importInto(trial.projectId, teamId))) setPending(false)
          }}
        >
          Bring it into {teamName}
        </Button>
      </div>
    </section>
  )
}
