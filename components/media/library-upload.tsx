'use client'

import { useId, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { RotateCcw, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { MediaKind } from '@/lib/constants'
import { MEDIA } from '@/lib/constants'
import { finalizeUpload, prepareUpload } from '@/lib/media/actions'
import { fileProblem, putToSignedUrl } from './upload-file'

interface Job {
  key: string
  file: File
  progress: number
  state: 'uploading' | 'done' | 'failed'
  error: string | null
}

let counter = 0

/**
 * Library uploads of one kind: many files at once, each with its own bar; a failed one has Retry.
 * `onUploaded` hears of each stored file (the editor's music picker selects it).
 */
export function LibraryUpload({
  teamId,
  kind,
  label,
  onUploaded,
}: {
  teamId: string
  kind: MediaKind
  label: string
  onUploaded?: (asset: { path: string; name: string }) => void
}) {
  const router = useRouter()
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [jobs, setJobs] = useState<Job[]>([])
  const [notice, setNotice] = useState<string | null>(null)

  const patch = (key: string, change: Partial<Job>) => setJobs((all) => all.map((job) => (job.key === key ? { ...job, ...change } : job)))

  async function send(job: Job) {
    patch(job.key, { state: 'uploading', progress: 0, error: null })
    try {
      const prepared = await prepareUpload(teamId, { name: job.file.name, bytes: job.file.size, mime: job.file.type, kind })
      if (!prepared.ok) throw new Error(prepared.error)
      await putToSignedUrl(prepared.data, job.file, (progress) => patch(job.key, { progress }))
      const finalized = await finalizeUpload(teamId, { path: prepared.data.path, kind })
      if (!finalized.ok) throw new Error(finalized.error)
      patch(job.key, { state: 'done', progress: 1 })
      onUploaded?.({ path: finalized.data.path, name: finalized.data.name })
      router.refresh()
    } catch (error) {
      patch(job.key, { state: 'failed', error: error instanceof Error ? error.message : 'The upload failed.' })
    }
  }

  function add(files: File[]) {
    const problems: string[] = []
    const next: Job[] = []
    for (const file of files) {
      const problem = fileProblem(file, kind)
      if (problem) problems.push(problem)
      else next.push({ key: `lib-${(counter += 1)}`, file, progress: 0, state: 'uploading', error: null })
    }
    setNotice(problems.length ? problems.join(' ') : null)
    setJobs((all) => [...all.filter((job) => job.state !== 'done'), ...next])
    for (const job of next) void send(job)
  }

  const running = jobs.filter((job) => job.state === 'uploading').length
  return (
    <div className="space-y-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={MEDIA.mimeTypes[kind].join(',')}
        className="sr-only"
        onChange={(event) => {
          if (event.target.files) add(Array.from(event.target.files))
          event.target.value = ''
        }}
      />
      <label htmlFor={inputId} className="sr-only">
        Upload {label.toLowerCase()}
      </label>
      <Button variant="outline" onClick={() => input.current?.click()}>
        <Upload aria-hidden /> Upload {label.toLowerCase()}
      </Button>
      <p aria-live="polite" className="sr-only">
        {running ? `Uploading ${running} file${running === 1 ? '' : 's'}.` : ''}
      </p>
      {notice ? (
        <p role="alert" className="text-sm text-danger-700">
          {notice}
        </p>
      ) : null}
      {jobs.length ? (
        <ul className="space-y-2" aria-label="Uploads">
          {jobs.map((job) => (
            <li key={job.key} className="rounded-lg border border-border bg-surface px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{job.file.name}</span>
                {job.state === 'failed' ? (
                  <Button size="sm" variant="outline" onClick={() => void send(job)} aria-label={`Retry ${job.file.name}`}>
                    <RotateCcw aria-hidden /> Retry
                  </Button>
                ) : (
                  <span className="text-xs text-muted tabular-nums">{job.state === 'done' ? 'Uploaded' : `${Math.round(job.progress * 100)}%`}</span>
                )}
              </div>
              {job.state === 'uploading' ? (
                <div role="progressbar" aria-label={`Upload of ${job.file.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(job.progress * 100)} className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-ink/10">
                  <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(job.progress * 100)}%` }} />
                </div>
              ) : null}
              {job.error ? <p className="mt-1 text-xs text-danger-700">{job.error}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
