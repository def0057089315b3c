'use client'

import { useEffect, useMemo, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { AgentPicker, type AgentOption } from '@/components/agents/agent-picker'
import { Uploader } from '@/components/media/uploader'
import { usePhotoUploads, type StoredPhoto, type UploadApi } from '@/components/media/use-photo-uploads'
import { failedAdvice } from '@/components/media/upload-rules'
import { plural } from '@/lib/plural'
import { capture } from '@/lib/analytics/browser'
import { createListing, reorderPhotos, setCover, updateCaption, updateListing } from '@/lib/listings/actions'
import { adoptListingPhoto, readListingPageForTeam, stageListingPhotos } from '@/lib/listings/import/actions'
import { listingSchema } from '@/lib/listings/schema'
import { deleteAsset, finalizeUpload, prepareUpload } from '@/lib/media/actions'
import type { ListingStatus } from '@/lib/constants'
import type { FieldErrors } from '@/lib/safe-action'
import { FeatureTags } from './feature-tags'
import { ImportFromLink } from './import-from-link'
import { describeAgent, featuresFrom, listingDefaultsFrom, matchAgent, type ImportedDraft } from './import-draft'
import { ListingFields, type ListingDefaults } from './listing-fields'
import { readListingForm } from './read-listing'

export interface ExistingListing {
  id: string
  status: ListingStatus
  defaults: ListingDefaults
  features: string[]
  agentId: string | null
  photos: StoredPhoto[]
  coverId: string | null
}

type Phase = 'idle' | 'saving' | 'uploading'

/**
 * Register or edit a listing. Saving first writes the facts (so a photo problem never loses them),
 * then sends the photos to the saved listing, then stores their order and cover. A failed photo
 * stays on screen with its Retry; saving again finishes the job without creating a second listing.
 */
export function ListingForm({ teamId, agents, listing }: { teamId: string; agents: AgentOption[]; listing?: ExistingListing }) {
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const [listingId, setListingId] = useState<string | null>(listing?.id ?? null)
  const [features, setFeatures] = useState<string[]>(listing?.features ?? [])
  const [agentId, setAgentId] = useState<string | null>(listing?.agentId ?? null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [phase, setPhase] = useState<Phase>('idle')
  const [saving, setSaving] = useState<string | null>(null)
  const toastId = useRef<string | number | undefined>(undefined)
  // the finishing steps run once per save, whatever re-renders happen meanwhile
  const finishing = useRef(false)

  const api = useMemo<UploadApi>(
    () => ({
      prepare: (file, id) => prepareUpload(teamId, { name: file.name, bytes: file.size, mime: file.type, kind: 'photo', listingId: id }),
      finalize: (path, id, caption) => finalizeUpload(teamId, { path, kind: 'photo', listingId: id, caption: caption || undefined }),
      fetchRemote: (urls) => stageListingPhotos(teamId, { urls }),
      adopt: (path, id, caption) => adoptListingPhoto(teamId, { path, listingId: id, caption: caption || null }),
    }),
    [teamId],
  )
  const uploads = usePhotoUploads(api, { listingId: listing?.id ?? null, stored: listing?.photos, coverId: listing?.coverId })
  // a listing page's draft replaces the boxes' defaults; the key redraws the uncontrolled boxes
  const [defaults, setDefaults] = useState<ListingDefaults>(listing?.defaults ?? {})
  const [fieldsKey, setFieldsKey] = useState(0)
  const [pageAgent, setPageAgent] = useState<string | null>(null)

  function applyDraft(draft: ImportedDraft): number {
    const typed = form.current ? (readListingForm(form.current, { features, agentId, status: 'draft' }) as Record<string, unknown>) : {}
    setDefaults(listingDefaultsFrom(typed, draft.values))
    setFieldsKey((k) => k + 1)
    setFeatures((current) => featuresFrom(current, draft.values))
    const known = matchAgent(draft.agent, agents)
    if (known) setAgentId(known.id)
    setPageAgent(draft.agent && !known ? describeAgent(draft.agent) : null)
    setErrors({})
    return uploads.addRemote(draft.photos)
  }

  async function save(status: 'draft' | 'active' | ListingStatus) {
    if (!form.current) return
    const values = readListingForm(form.current, { features, agentId, status })
    const parsed = listingSchema.safeParse(values)
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message
      setErrors(next)
      toast.error('Please check the highlighted fields.')
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    setErrors({})
    setPhase('saving')
    setSaving(status)
    const id = toast.loading(listingId ? 'Saving the listing…' : 'Registering the listing…')
    toastId.current = id
    try {
      const result = listingId ? await updateListing(teamId, listingId, values) : await createListing(teamId, values)
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {})
        toast.error(result.error, { id })
        setPhase('idle')
        return
      }
      const savedId = listingId ?? (result.data as { id: string }).id
      setListingId(savedId)
      uploads.start(savedId)
      toast.loading(uploads.items.some((i) => i.status !== 'done') ? 'Uploading the photos…' : 'Saving the photos…', { id })
      setPhase('uploading')
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
      setPhase('idle')
    }
  }

  // once every photo has settled: store the order and the cover, or say which photos need a retry
  useEffect(() => {
    if (phase !== 'uploading' || uploads.busy || !listingId) return
    const id = toastId.current
    if (uploads.failed) {
      toast.error(`The listing is saved, but ${plural(uploads.failed, 'photo')} did not upload. ${failedAdvice(uploads.failed, uploads.refused)}, then save again.`, { id })
      queueMicrotask(() => setPhase('idle'))
      return
    }
    if (finishing.current) return
    finishing.current = true
    void (async () => {
      try {
        const stored = uploads.items.filter((item) => item.assetId).map((item) => item.assetId!)
        const removed = (listing?.photos ?? []).filter((photo) => !stored.includes(photo.id))
        for (const photo of removed) await deleteAsset(teamId, photo.id)
        // captions typed after a photo went up (or changed on a stored one)
        const before = new Map((listing?.photos ?? []).map((photo) => [photo.id, photo.caption]))
        for (const item of uploads.items) {
          if (item.assetId && item.caption !== (before.get(item.assetId) ?? item.sentCaption)) await updateCaption(teamId, item.assetId, item.caption || null)
        }
        const ordered = stored.length ? await reorderPhotos(teamId, listingId, stored) : ({ ok: true } as const)
        const coverAsset = uploads.cover?.assetId
        const covered = coverAsset ? await setCover(teamId, listingId, coverAsset) : ({ ok: true } as const)
        if (!ordered.ok || !covered.ok) {
          toast.error(!ordered.ok ? ordered.error : !covered.ok ? covered.error : '', { id })
          finishing.current = false
          setPhase('idle')
          return
        }
        toast.success(listing ? 'Listing saved' : 'Listing registered', { id })
        if (!listing) capture('listing_registered', { team_id: teamId, listing_id: listingId, photo_count: stored.length })
        router.push(`/dashboard/${teamId}/props/${listingId}`)
        router.refresh()
      } catch {
        toast.error('We could not reach the server to save the photo order. Check your connection and save again.', { id })
        finishing.current = false
        setPhase('idle')
      }
    })()
  }, [phase, uploads.busy, uploads.failed, uploads.refused, uploads.items, uploads.cover, listingId, listing, teamId, router])

  const busy = phase !== 'idle'
  return (
    <div className="space-y-6">
      {listing ? null : (
        <ImportFromLink
          read={(input) => readListingPageForTeam(teamId, input)}
          onDraft={applyDraft}
          note={pageAgent ? <p>The page names the agent {pageAgent}, who is not one of your agents yet: add them with New agent below.</p> : null}
        />
      )}
      <form method="post"
        ref={form}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        // a corrected box loses its old message at once
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name
          if (name && errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest)
        }}
        className="space-y-6"
      >
        <Card>
          <CardHeader>
            <CardTitle>Facts</CardTitle>
            <CardDescription>Only title, address, city and country are required; the rest makes better videos.</CardDescription>
          </CardHeader>
          <CardBody className="space-y-8">
            <ListingFields key={fieldsKey} defaults={defaults} errors={errors} />
            <FeatureTags value={features} onChange={setFeatures} error={errors.features} />
            <AgentPicker teamId={teamId} agents={agents} value={agentId} onChange={setAgentId} error={errors.agentId} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Photos</CardTitle>
            <CardDescription>The cover leads the listing and the video. Drag to reorder, or use the arrows.</CardDescription>
          </CardHeader>
          <CardBody>
            <Uploader uploads={uploads} hint={listingId ? undefined : 'They go up when you save.'} />
          </CardBody>
        </Card>
        {errors.form ? (
          <p role="alert" className="text-sm text-danger-700">
            {errors.form}
          </p>
        ) : null}
        <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-border bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:rounded-xl sm:border">
          {listing ? (
            <Button type="button" pending={busy} onClick={() => void save(listing.status)}>
              Save changes
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" pending={busy && saving === 'draft'} disabled={busy} onClick={() => void save('draft')}>
                Save as draft
              </Button>
              <Button type="button" pending={busy && saving === 'active'} disabled={busy} onClick={() => void save('active')}>
                Save as active
              </Button>
            </>
          )}
        </div>
      </form>
    </div>
  )
}
