'use client'

import { useId, useRef, useState } from 'react'
import { ImageUp, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { photoProblem, putToSignedUrl } from './upload-file'

type Result<T> = { ok: true; data: T } | { ok: false; error: string }

export interface SingleUploadApi {
  prepare: (file: File) => Promise<Result<{ path: string; token: string; contentType?: string }>>
  finalize: (path: string) => Promise<Result<unknown>>
}

interface Props {
  label: string
  api: SingleUploadApi
  /** the stored path now chosen (null when none) */
  onChange: (path: string | null) => void
  currentUrl: string | null
  shape?: 'round' | 'wide'
}

/** One image (an agent's photo or logo): pick, see progress, replace or clear. */
export function SingleImageUpload({ label, api, onChange, currentUrl, shape = 'round' }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [preview, setPreview] = useState<string | null>(currentUrl)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function onFile(file: File | undefined) {
    if (!file) return
    const issue = photoProblem(file)
    setProblem(issue)
    if (issue) return
    setProgress(0)
    try {
      const prepared = await api.prepare(file)
      if (!prepared.ok) throw new Error(prepared.error)
      await putToSignedUrl(prepared.data, file, setProgress)
      const finalized = await api.finalize(prepared.data.path)
      if (!finalized.ok) throw new Error(finalized.error)
      setPreview(URL.createObjectURL(file))
      onChange(prepared.data.path)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The upload failed.')
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  const frame = shape === 'round' ? 'size-16 rounded-full' : 'h-16 w-28 rounded-lg'
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <div className={`${frame} flex shrink-0 items-center justify-center overflow-hidden bg-canvas ring-1 ring-border`}>
          {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs and local previews */}
          {preview ? <img src={preview} alt="" className={shape === 'round' ? 'size-full object-cover' : 'max-h-full max-w-full object-contain'} /> : <ImageUp aria-hidden className="size-5 text-subtle" />}
        </div>
        <input ref={input} id={id} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => void onFile(e.target.files?.[0])} />
        <Button size="sm" variant="outline" pending={progress !== null} onClick={() => input.current?.click()}>
          {progress !== null ? `Uploading ${Math.round(progress * 100)}%` : preview ? 'Replace' : 'Upload'}
        </Button>
        {preview && progress === null ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Clear the ${label.toLowerCase()}`}
            onClick={() => {
              setPreview(null)
              onChange(null)
            }}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
