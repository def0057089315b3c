'use client'

import { useCallback, useRef, useState } from 'react'
import { PHOTO_RULES, photoProblem, putToSignedUrl } from './upload-file'
import { coverOf, isRetryable, slotsTaken, UploadFailure } from './upload-rules'
import { remoteItem, settleFetched, type RemotePhoto, type StagedAnswer } from './remote-photos'

type Result<T> = { ok: true; data: T } | { ok: false; error: string }

/** queued/fetching: a listing page's photo the server is fetching (issue 29) */
export type UploadStatus = 'queued' | 'fetching' | 'waiting' | 'uploading' | 'processing' | 'done' | 'failed'

export interface UploadItem {
  key: string
  name: string
  bytes: number
  /** the picked file; null for a photo that was already stored */
  file: File | null
  previewUrl: string | null
  status: UploadStatus
  progress: number
  error: string | null
  /** a failure that trying again can fix (the network); false: the server refused the file */
  retryable: boolean
  assetId: string | null
  caption: string
  /** the caption stored with the upload, to know whether a later edit still needs saving */
  sentCaption: string
  /** a photo from a listing page: its address, and where the server keeps it until the listing is saved */
  remoteUrl?: string | null
  stagedPath?: string | null
}

/** How files reach the server: bound server actions, so this hook knows no team or table. */
export interface UploadApi {
  prepare: (file: File, listingId: string) => Promise<Result<{ path: string; token: string; contentType?: string }>>
  finalize: (path: string, listingId: string, caption: string) => Promise<Result<{ id: string }>>
  /** fetches a few photos of a listing page on the server (issue 29) */
  fetchRemote?: (urls: string[], listingId: string | null) => Promise<Result<{ photos: StagedAnswer[] }>>
  /** moves a fetched photo into the saved listing; absent: fetchRemote already stored it for good */
  adopt?: (path: string, listingId: string, caption: string) => Promise<Result<{ id: string }>>
}

export interface StoredPhoto {
  id: string
  name: string
  url: string | null
  caption: string
}

// two at a time keeps progress bars moving on slow links without starving the page
const PARALLEL = 2
// a listing page's photos fetched per server call (lib/listings/import/limits.ts: photosPerCall)
const REMOTE_BATCH = 4

let counter = 0
const nextKey = () => `upload-${Date.now().toString(36)}-${(counter += 1)}`

/**
 * The state of a set of listing photos: picked files wait until a listing id is known, then go up
 * two at a time, each with its own progress; one failure never touches the others and can be retried.
 */
export function usePhotoUploads(
  api: UploadApi,
  options: { listingId?: string | null; stored?: StoredPhoto[]; coverId?: string | null; max?: number; onRemove?: (item: UploadItem) => void } = {},
) {
  const max = options.max ?? PHOTO_RULES.maxPerListing
  const [items, setItems] = useState<UploadItem[]>(() =>
    (options.stored ?? []).map((photo) => ({
      key: photo.id,
      name: photo.name,
      bytes: 0,
      file: null,
      previewUrl: photo.url,
      status: 'done' as const,
      progress: 1,
      error: null,
      retryable: false,
      assetId: photo.id,
      caption: photo.caption,
      sentCaption: photo.caption,
    })),
  )
  const [coverKey, setCoverKey] = useState<string | null>(options.coverId ?? null)
  const [notice, setNotice] = useState<string | null>(null)
  const listingId = useRef<string | null>(options.listingId ?? null)
  const [started, setStarted] = useState(Boolean(options.listingId))
  const active = useRef(0)
  const claimed = useRef(new Set<string>())
  // the queue reads and writes through this ref, so async callbacks never see a stale list
  const itemsRef = useRef(items)
  const commit = useCallback((next: UploadItem[]) => {
    itemsRef.current = next
    setItems(next)
  }, [])

  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) => commit(itemsRef.current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [commit],
  )

  const uploadOne = useCallback(
    async (item: UploadItem, id: string) => {
      if (item.stagedPath && api.adopt) {
        patch(item.key, { status: 'processing', progress: 1, error: null })
        const caption = itemsRef.current.find((i) => i.key === item.key)?.caption ?? item.caption
        const adopted = await api.adopt(item.stagedPath, id, caption).catch(() => ({ ok: false as const, error: 'We could not reach the server. Try again.' }))
        if (adopted.ok) patch(item.key, { status: 'done', assetId: adopted.data.id, sentCaption: caption })
        else patch(item.key, { status: 'failed', error: adopted.error, retryable: true })
        return
      }
      if (!item.file) return
      patch(item.key, { status: 'uploading', progress: 0, error: null })
      try {
        const prepared = await api.prepare(item.file, id)
        if (!prepared.ok) throw new UploadFailure(prepared.error, false)
        await putToSignedUrl(prepared.data, item.file, (progress) => patch(item.key, { progress }))
        patch(item.key, { status: 'processing', progress: 1 })
        const latest = itemsRef.current.find((i) => i.key === item.key)
        const caption = latest?.caption ?? item.caption
        const finalized = await api.finalize(prepared.data.path, id, caption)
        if (!finalized.ok) throw new UploadFailure(finalized.error, false)
        patch(item.key, { status: 'done', assetId: finalized.data.id, sentCaption: caption })
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'The upload failed.'
        patch(item.key, { status: 'failed', error: message, retryable: isRetryable(error) })
      }
    },
    [api, patch],
  )

  // start waiting files while there is room; each finished upload makes room for the next
  const pump = useCallback(() => {
    const id = listingId.current
    if (!id) return
    const runNext = (): void => {
      if (active.current >= PARALLEL) return
      const item = itemsRef.current.find((i) => i.status === 'waiting' && !claimed.current.has(i.key))
      if (!item) return
      active.current += 1
      claimed.current.add(item.key)
      void uploadOne(item, id).finally(() => {
        active.current -= 1
        claimed.current.delete(item.key)
        runNext()
      })
      runNext()
    }
    runNext()
  }, [uploadOne])

  const add = useCallback(
    (files: Iterable<File>) => {
      const problems: string[] = []
      const accepted: UploadItem[] = []
      let room = max - slotsTaken(itemsRef.current)
      for (const file of files) {
        const problem = photoProblem(file)
        if (problem) problems.push(problem)
        else if (room <= 0) problems.push(`${file.name} was left out: there is room for up to ${max} photos.`)
        else {
          room -= 1
          accepted.push({
            key: nextKey(),
            name: file.name,
            bytes: file.size,
            file,
            previewUrl: URL.createObjectURL(file),
            status: 'waiting',
            progress: 0,
            error: null,
            retryable: false,
            assetId: null,
            caption: '',
            sentCaption: '',
          })
        }
      }
      setNotice(problems.length ? problems.join(' ') : null)
      if (accepted.length === 0) return
      commit([...itemsRef.current, ...accepted])
      pump()
    },
    [commit, pump, max],
  )

  // a listing page's photos: the server fetches them a batch at a time, each tile showing its state
  const fetchingRemote = useRef(false)
  const fetchRemote = useCallback(async () => {
    if (fetchingRemote.current || !api.fetchRemote) return
    fetchingRemote.current = true
    try {
      for (;;) {
        const batch = itemsRef.current.filter((item) => item.status === 'queued').slice(0, REMOTE_BATCH)
        if (!batch.length) break
        const keys = new Set(batch.map((item) => item.key))
        commit(itemsRef.current.map((item) => (keys.has(item.key) ? { ...item, status: 'fetching' as const } : item)))
        const answer = await api.fetchRemote(batch.map((item) => item.remoteUrl!), listingId.current).catch(() => null)
        commit(settleFetched(itemsRef.current, batch, answer, Boolean(api.adopt)))
        pump()
      }
    } finally {
      fetchingRemote.current = false
    }
  }, [api, commit, pump])

  /** Queues a listing page's photos (as many as there is room for); returns how many were left out. */
  const addRemote = useCallback(
    (photos: readonly RemotePhoto[]) => {
      const room = Math.max(0, max - slotsTaken(itemsRef.current))
      const known = new Set(itemsRef.current.map((item) => item.remoteUrl).filter(Boolean))
      const fresh = photos.filter((photo) => !known.has(photo.url))
      commit([...itemsRef.current, ...fresh.slice(0, room).map((photo) => remoteItem(nextKey(), photo))])
      void fetchRemote()
      return Math.max(0, fresh.length - room)
    },
    [commit, fetchRemote, max],
  )

  /** Gives the queue its listing (after the listing is created) and starts every waiting file. */
  const start = useCallback(
    (id: string) => {
      listingId.current = id
      setStarted(true)
      pump()
    },
    [pump],
  )

  const retry = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((i) => i.key === key)
      if (!item || item.status !== 'failed' || !item.retryable) return
      // a failed photo holds no slot: others may have taken them meanwhile
      if (slotsTaken(itemsRef.current) >= max) {
        setNotice(`There is room for up to ${max} photos: remove one before retrying ${item.name}.`)
        return
      }
      const again = item.remoteUrl && !item.stagedPath && !item.assetId ? ('queued' as const) : ('waiting' as const)
      const next = itemsRef.current.map((item) =>
        item.key === key && item.status === 'failed' ? { ...item, status: again, error: null, progress: 0 } : item,
      )
      commit(next)
      if (again === 'queued') void fetchRemote()
      else pump()
    },
    [commit, pump, fetchRemote, max],
  )

  const remove = useCallback(
    (key: string) => {
      const gone = itemsRef.current.find((item) => item.key === key)
      if (gone?.file && gone.previewUrl) URL.revokeObjectURL(gone.previewUrl)
      if (gone) options.onRemove?.(gone)
      commit(itemsRef.current.filter((item) => item.key !== key))
      setCoverKey((cover) => (cover === key ? null : cover))
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callback is read when called
    [commit],
  )

  const move = useCallback(
    (key: string, to: number) => {
      const all = itemsRef.current
      const from = all.findIndex((item) => item.key === key)
      if (from < 0 || to < 0 || to >= all.length || from === to) return
      const next = [...all]
      const [moved] = next.splice(from, 1)
      next.splice(to, 0, moved)
      commit(next)
    },
    [commit],
  )

  const setCaption = useCallback((key: string, caption: string) => patch(key, { caption }), [patch])

  // the first photo is the cover unless another was chosen; a failed one never is
  const cover = coverOf(items, coverKey)
  const busy = items.some(
    (item) => item.status === 'queued' || item.status === 'fetching' || item.status === 'uploading' || item.status === 'processing' || (item.status === 'waiting' && started),
  )
  const failed = items.filter((item) => item.status === 'failed').length
  const refused = items.filter((item) => item.status === 'failed' && !item.retryable).length
  const taken = slotsTaken(items)

  return { max, taken, refused, items, started, cover, coverKey: cover?.key ?? null, setCoverKey, notice, add, addRemote, start, retry, remove, move, setCaption, busy, failed }
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>
