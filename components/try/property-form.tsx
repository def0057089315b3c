'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, ButtonLink } from '@/components/ui/button'
import { Uploader } from '@/components/media/uploader'
import { usePhotoUploads, type StoredPhoto, type UploadApi } from '@/components/media/use-photo-uploads'
import { failedAdvice } from '@/components/media/upload-rules'
import { plural } from '@/lib/plural'
import type { FieldErrors } from '@/lib/safe-action'
import { finalizeTrialPhoto, importTrialPhotos, prepareTrialPhoto, readTrialListingPage, removeTrialPhoto, saveTrialProperty } from '@/lib/trials/actions'
import { ImportFromLink } from '@/components/listings/import-from-link'
import { trialDefaultsFrom, type ImportedDraft } from '@/components/listings/import-draft'
import { TRIAL, trialPropertySchema } from '@/lib/trials/schema'
import { TrialPropertyFields } from './property-fields'

export interface TrialPropertyFormProps {
  projectId: string
  /** what the project holds (the last saved step), as form strings */
  saved: Record<string, string>
  photos: StoredPhoto[]
}

/** Typed but not yet saved values survive a reload in this browser (the saved step is in the database). */
const draftKey = (projectId: string) => `try:property:${projectId}`

function readDraft(projectId: string): Record<string, string> {
  try {
    const raw = window.localStorage.getItem(draftKey(projectId))
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (!parsed || typeof parsed !== 'object') return {}
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 500))
  } catch {
    return {}
  }
}

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of new FormData(form).entries()) if (typeof value === 'string' && !key.startsWith('$')) values[key] = value
  return values
}

/**
 * The trial's property step: facts and 3–10 photos. Photos go up as soon as they are picked (each
 * with its progress bar) into the visitor's folder; Next checks everything here, then on the server.
 */
export function TrialPropertyForm({ projectId, saved, photos }: TrialPropertyFormProps) {
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  // the form is drawn with the saved values first; a draft from this browser replaces them after mount
  const [defaults, setDefaults] = useState(saved)
  const [formKey, setFormKey] = useState(0)
  useEffect(() => {
    const draft = readDraft(projectId)
    if (Object.keys(draft).length) {
      // localStorage exists only in the browser: the restore must follow hydration, once
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setDefaults({ ...saved, ...draft })
      setFormKey((k) => k + 1)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first paint
  }, [projectId])

  const api = useMemo<UploadApi>(
    () => ({
      prepare: (file, id) => prepareTrialPhoto({ projectId: id, name: file.name, bytes: file.size, mime: file.type }),
      finalize: async (path, id) => {
        const result = await finalizeTrialPhoto({ projectId: id, path })
        return result.ok ? { ok: true, data: { id: result.data.path } } : result
      },
      // a listing page's photos join the project as they arrive, like picked files (issue 29)
      fetchRemote: (urls) => importTrialPhotos({ projectId, urls }),
    }),
    [projectId],
  )
  const uploads = usePhotoUploads(api, {
    listingId: projectId,
    stored: photos,
    max: TRIAL.maxPhotos,
    onRemove: (item) => {
      if (!item.assetId) return
      void removeTrialPhoto({ projectId, path: item.assetId }).then((result) => {
        if (!result.ok) toast.error(result.error)
      })
    },
  })

  function applyDraft(draft: ImportedDraft): number {
    const next = trialDefaultsFrom(form.current ? formValues(form.current) : defaults, draft.values)
    setDefaults(next)
    setFormKey((k) => k + 1)
    setErrors({})
    try {
      window.localStorage.setItem(draftKey(projectId), JSON.stringify(next))
    } catch {
      // private mode: the boxes still hold the values
    }
    return uploads.addRemote(draft.photos)
  }

  function remember() {
    if (!form.current) return
    try {
      window.localStorage.setItem(draftKey(projectId), JSON.stringify(formValues(form.current)))
    } catch {
      // private mode or full storage: the saved step is still in the database
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.current) return
    const values = formValues(form.current)
    const found: FieldErrors = {}
    const parsed = trialPropertySchema.safeParse({ ...values, rentPeriod: values.rentPeriod ?? null })
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.') || 'form'] ??= issue.message
    // the chosen cover opens the video; the rest keep their order
    const done = uploads.items
      .filter((item) => item.status === 'done' && item.assetId)
      .sort((a, b) => Number(b.key === uploads.coverKey) - Number(a.key === uploads.coverKey))
    if (uploads.busy) found.photos = 'Wait for the photos to finish uploading.'
    else if (uploads.failed) found.photos = `${plural(uploads.failed, 'photo')} did not upload: ${failedAdvice(uploads.failed, uploads.refused).toLowerCase()}.`
    else if (done.length < TRIAL.minPhotos) found.photos = `Add at least ${TRIAL.minPhotos} photos (you have ${done.length}).`
    setErrors(found)
    if (Object.keys(found).length) {
      toast.error(found.photos && Object.keys(found).length === 1 ? found.photos : 'Please check the highlighted fields.')
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setPending(true)
    const captions = Object.fromEntries(done.map((item) => [item.assetId!, item.caption]))
    const result = await saveTrialProperty({ projectId, property: values, photos: done.map((item) => item.assetId!), captions })
    setPending(false)
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {})
      toast.error(result.error)
      return
    }
    window.localStorage.removeItem(draftKey(projectId))
    router.push('/try/video')
  }

  return (
    <div className="space-y-10">
      <ImportFromLink read={readTrialListingPage} onDraft={applyDraft} />
      <form ref={form} key={formKey} onSubmit={submit} onInput={remember} onChange={remember} noValidate className="space-y-10">
        <TrialPropertyFields defaults={defaults} errors={errors} />
        <div>
          <Uploader uploads={uploads} label={`Photos (${TRIAL.minPhotos} to ${TRIAL.maxPhotos})`} hint="The first one opens the video." />
          {errors.photos ? (
            <p role="alert" className="mt-2 text-sm text-danger-700">
              {errors.photos}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
          <ButtonLink href="/try/intro" variant="outline">
            Back
          </ButtonLink>
          <Button type="submit" pending={pending}>
            Next: the video
          </Button>
        </div>
      </form>
    </div>
  )
}
