'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { FileAudio, FileVideo, Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { deleteAsset, renameAsset } from '@/lib/media/actions'
import { formatBytes } from './upload-file'

export interface LibraryItem {
  id: string
  kind: string
  name: string
  bytes: number
  width: number | null
  height: number | null
  url: string | null
  thumbUrl: string | null
  usage: string[]
}

const OFFLINE = 'We could not reach the server. Check your connection and try again.'

function Preview({ item }: { item: LibraryItem }) {
  if (item.kind === 'audio') {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 p-3 text-brand-600">
        <FileAudio aria-hidden className="size-8" />
        {item.url ? <audio controls preload="none" src={item.url} className="w-full" aria-label={`Play ${item.name}`} /> : null}
      </div>
    )
  }
  if (item.kind === 'video' && !item.thumbUrl) {
    return item.url ? (
      <video src={item.url} preload="metadata" muted className="size-full object-cover" aria-label={item.name} />
    ) : (
      <FileVideo aria-hidden className="m-auto size-8 text-brand-600" />
    )
  }
  const src = item.thumbUrl ?? item.url
  // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs
  return src ? <img src={src} alt={item.name} loading="lazy" className={item.kind === 'logo' ? 'size-full object-contain p-3' : 'size-full object-cover'} /> : null
}

/** The assets of one kind: where each is used, rename, and delete (warning first when it is in use). */
export function LibraryGrid({ teamId, items }: { teamId: string; items: LibraryItem[] }) {
  const router = useRouter()
  const [renaming, setRenaming] = useState<LibraryItem | null>(null)
  const [deleting, setDeleting] = useState<LibraryItem | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [pending, setPending] = useState(false)

  async function rename(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!renaming) return
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim()
    if (!name) return setError('Enter a name.')
    setPending(true)
    const id = toast.loading('Renaming…')
    try {
      const result = await renameAsset(teamId, renaming.id, name)
      if (!result.ok) {
        setError(result.fieldErrors ? Object.values(result.fieldErrors)[0] : result.error)
        toast.error(result.error, { id })
        return
      }
      toast.success(`Renamed to ${name}`, { id })
      setRenaming(null)
      router.refresh()
    } catch {
      toast.error(OFFLINE, { id })
    } finally {
      setPending(false)
    }
  }

  async function remove() {
    if (!deleting) return
    setPending(true)
    const id = toast.loading(`Deleting ${deleting.name}…`)
    try {
      const result = await deleteAsset(teamId, deleting.id)
      if (!result.ok) return void toast.error(result.error, { id })
      toast.success(`${deleting.name} deleted`, { id })
      setDeleting(null)
      router.refresh()
    } catch {
      toast.error(OFFLINE, { id })
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Files">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card" aria-label={item.name}>
            <div className="flex aspect-[4/3] bg-canvas">
              <Preview item={item} />
            </div>
            <div className="flex flex-1 flex-col gap-1 p-3 text-xs">
              <p className="truncate text-sm font-medium text-ink" title={item.name}>
                {item.name}
              </p>
              <p className="text-muted tabular-nums">
                {formatBytes(item.bytes)}
                {item.width && item.height ? ` · ${item.width}×${item.height}` : ''}
              </p>
              <p className="text-muted">{item.usage.length ? item.usage.join(' · ') : 'Not used yet'}</p>
              <div className="mt-auto flex justify-end gap-1 pt-2">
                <Button size="sm" variant="ghost" aria-label={`Rename ${item.name}`} onClick={() => (setError(undefined), setRenaming(item))}>
                  <Pencil aria-hidden />
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Delete ${item.name}`} className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => setDeleting(item)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} title="Rename file">
        {renaming ? (
          <form method="post" key={renaming.id} noValidate onSubmit={rename} className="space-y-4">
            <Field label="Name" name="name" defaultValue={renaming.name} maxLength={200} error={error} />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" pending={pending}>
                Rename
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this file'}?`}
        description={
          deleting?.usage.length
            ? `It is in use: ${deleting.usage.join('; ')}. Those places lose it (a listing's cover falls back to its first photo).`
            : 'It is not used anywhere. The file is deleted for good.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Keep
            </Button>
            <Button variant="danger" pending={pending} onClick={() => void remove()}>
              Delete for good
            </Button>
          </>
        }
      />
    </>
  )
}
