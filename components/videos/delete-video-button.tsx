'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { deleteVideo } from '@/lib/videos/actions'

interface Props {
  teamId: string
  videoId: string
  title: string
  /** where to go once it is gone: the listing */
  listingHref: string
}

/** Delete after a confirmation; then back to the listing with a toast. */
export function DeleteVideoButton({ teamId, videoId, title, listingHref }: Props) {
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)

  async function remove() {
    setPending(true)
    const id = toast.loading('Deleting the video…')
    try {
      const result = await deleteVideo(teamId, videoId)
      if (result.ok) {
        toast.success(`“${title}” deleted`, { id })
        setConfirming(false)
        router.replace(listingHref)
        router.refresh()
        return
      }
      toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    }
    setPending(false)
  }

  return (
    <>
      <Button variant="ghost" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden /> Delete
      </Button>
      <Dialog
        open={confirming}
        onClose={() => (pending ? undefined : setConfirming(false))}
        title={`Delete “${title}”?`}
        description="The video, its scenes, captions and script are deleted for good. The listing and its photos stay."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={pending}>
              Keep it
            </Button>
            <Button variant="danger" pending={pending} onClick={() => void remove()}>
              Delete video
            </Button>
          </>
        }
      />
    </>
  )
}
