import type { UploadItem } from './use-photo-uploads'

/*
 * A listing page's photos in the uploader (issue 29). The server fetches each (public addresses,
 * checked by content) and answers per photo; the tile goes queued → fetching → ready (or stored,
 * in the try flow) or failed with the server's reason. Kept apart from the upload queue's hook.
 */

export interface RemotePhoto {
  url: string
  caption: string | null
}

/** The server's answer for one photo (lib/listings/import/photos.ts, StagedPhoto). */
export type StagedAnswer =
  | { url: string; ok: true; path: string; name: string; bytes: number; previewUrl: string }
  | { url: string; ok: false; error: string; retryable: boolean }

type Answer = { ok: true; data: { photos: StagedAnswer[] } } | { ok: false; error: string } | null

/** A readable name for a photo before its bytes are known: the last part of its address. */
export function nameOfUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    return last ? decodeURIComponent(last).slice(-60) : 'photo'
  } catch {
    return 'photo'
  }
}

export function remoteItem(key: string, photo: RemotePhoto): UploadItem {
  return {
    key,
    name: nameOfUrl(photo.url),
    bytes: 0,
    file: null,
    previewUrl: null,
    status: 'queued',
    progress: 0,
    error: null,
    retryable: false,
    assetId: null,
    caption: photo.caption?.slice(0, 200) ?? '',
    sentCaption: '',
    remoteUrl: photo.url,
    stagedPath: null,
  }
}

/**
 * The items after a batch's answer. `staged`: the photo waits for the listing to be saved
 * (status waiting, then adopted); otherwise it is stored for good (status done, its path the id).
 * No answer at all (the network) fails the whole batch with a Retry.
 */
export function settleFetched(items: readonly UploadItem[], batch: readonly UploadItem[], answer: Answer, staged: boolean): UploadItem[] {
  const byKey = new Map<string, Partial<UploadItem>>()
  for (const item of batch) {
    const found = answer?.ok ? answer.data.photos.find((photo) => photo.url === item.remoteUrl) : undefined
    if (!answer || !answer.ok || !found) {
      byKey.set(item.key, { status: 'failed', error: answer && !answer.ok ? answer.error : 'We could not reach the server. Try again.', retryable: true })
    } else if (!found.ok) {
      byKey.set(item.key, { status: 'failed', error: found.error, retryable: found.retryable })
    } else {
      byKey.set(item.key, {
        name: found.name,
        bytes: found.bytes,
        previewUrl: found.previewUrl,
        progress: 1,
        error: null,
        ...(staged ? { status: 'waiting' as const, stagedPath: found.path } : { status: 'done' as const, assetId: found.path, sentCaption: '' }),
      })
    }
  }
  // only items still fetching take the answer: one removed meanwhile stays removed
  return items.map((item) => (byKey.has(item.key) && item.status === 'fetching' ? { ...item, ...byKey.get(item.key) } : item))
}
