'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Wrench } from 'lucide-react'
import { Button, ButtonLink } from '@/components/ui/button'
import { repairVideo } from '@/lib/videos/actions'

interface Props {
  teamId: string
  videoId: string
  /** what no longer fits (the template's first complaint) */
  problem: string
  /** where "Back" goes: the video page or the listing */
  backHref: string
  backLabel: string
}

/**
 * Shown instead of the editor (and above the video page) when the stored props no longer fit the
 * template: the video cannot be previewed or edited until it is drafted again from the listing.
 */
export function NeedsRepair({ teamId, videoId, problem, backHref, backLabel }: Props) {
  const router = useRouter()
  const [pending, setPending] = useState(false)

  async function repair() {
    setPending(true)
    const id = toast.loading('Repairing the video…')
    try {
      const result = await repairVideo(teamId, videoId)
      if (result.ok) {
        toast.success(result.data.status === 'repaired' ? 'Video repaired from the listing' : 'This video was already fine', { id })
        router.refresh()
      } else {
        toast.error(result.error, { id })
      }
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    }
    setPending(false)
  }

  return (
    <section role="alert" aria-labelledby="needs-repair-title" className="rounded-xl border border-warning-600/40 bg-warning-50 p-5 text-ink">
      <h2 id="needs-repair-title" className="flex items-center gap-2 text-lg font-semibold">
        <Wrench aria-hidden className="size-5" /> This video needs repair
      </h2>
      <p className="mt-2 text-sm">
        Its saved settings no longer fit the template ({problem}), so it cannot be previewed or edited. Resetting drafts it
        again from the property’s photos and details with the template’s defaults; the title, template, format and voice stay.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => void repair()} pending={pending}>
          Reset to the template’s defaults
        </Button>
        <ButtonLink href={backHref} variant="outline">
          {backLabel}
        </ButtonLink>
      </div>
    </section>
  )
}
