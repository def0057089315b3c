'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Select } from '@/components/ui/input'
import { LISTING_STATUSES, type ListingStatus } from '@/lib/constants'
import { deleteListing, setListingStatus } from '@/lib/listings/actions'
import { STATUS_LABELS } from './format'

interface Props {
  teamId: string
  listingId: string
  title: string
  status: ListingStatus
  videoCount: number
}

/** Status change, archive/restore and delete (after a confirmation that says what happens to the videos). */
export function ListingActions({ teamId, listingId, title, status, videoCount }: Props) {
  const router = useRouter()
  const [pending, setPending] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  async function changeStatus(next: ListingStatus, done: string) {
    setPending(next)
    const id = toast.loading('Updating the status…')
    try {
      const result = await setListingStatus(teamId, listingId, next)
      if (result.ok) {
        toast.success(done, { id })
        router.refresh()
      } else toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(null)
    }
  }

  async function remove() {
    setPending('delete')
    const id = toast.loading('Deleting the listing…')
    try {
      const result = await deleteListing(teamId, listingId)
      if (result.ok) {
        toast.success(`${title} deleted`, { id })
        router.replace(`/dashboard/${teamId}/props`)
        router.refresh()
      } else {
        toast.error(result.error, { id })
        setPending(null)
      }
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
      setPending(null)
    }
  }

  const videos = videoCount === 1 ? 'its 1 video' : `its ${videoCount} videos`
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor="listing-status-change" className="block text-sm font-medium text-ink">
          Status
        </label>
        <Select
          id="listing-status-change"
          value={status}
          disabled={pending !== null}
          onChange={(event) => void changeStatus(event.target.value as ListingStatus, `Status changed to ${STATUS_LABELS[event.target.value as ListingStatus]}`)}
        >
          {LISTING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap gap-2">
        {status === 'archived' ? (
          <Button variant="outline" size="sm" pending={pending === 'draft'} onClick={() => void changeStatus('draft', 'Listing restored as a draft')}>
            <ArchiveRestore aria-hidden /> Restore
          </Button>
        ) : (
          <Button variant="outline" size="sm" pending={pending === 'archived'} onClick={() => void changeStatus('archived', 'Listing archived')}>
            <Archive aria-hidden /> Archive
          </Button>
        )}
        <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${title}?`}
        description={
          videoCount
            ? `The listing, its photos and ${videos} (with their rendered files) are deleted for good. Archive it instead to keep them.`
            : 'The listing and its photos are deleted for good. Archive it instead to keep it out of the way.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" pending={pending === 'delete'} onClick={() => void remove()}>
              Delete for good
            </Button>
          </>
        }
      />
    </div>
  )
}
