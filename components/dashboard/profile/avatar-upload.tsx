'use client'

import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { ImageUp, Trash2 } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { updateAvatar } from '@/lib/profile/actions'
import { avatarFileProblem } from '@/lib/profile/schema'
import { uploadAvatar } from '@/lib/profile/upload-avatar'

interface Props {
  userId: string
  name: string | null
  email: string
  currentUrl: string | null
}

export function AvatarUpload({ userId, name, email, currentUrl }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])

  async function onFile(file: File | undefined) {
    if (!file) return
    const issue = avatarFileProblem(file)
    setProblem(issue)
    if (issue) return
    setPreview(URL.createObjectURL(file))
    setProgress(0)
    const id = toast.loading('Uploading your photo…')
    try {
      const path = await uploadAvatar(userId, file, setProgress)
      const result = await updateAvatar({ avatarPath: path })
      if (!result.ok) throw new Error(result.error)
      toast.success('Profile photo updated', { id })
    } catch (error) {
      setPreview(null)
      toast.error(error instanceof Error ? error.message : 'The upload failed.', { id })
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  async function onRemove() {
    const result = await updateAvatar({ avatarPath: null })
    if (result.ok) {
      setPreview(null)
      toast.success('Profile photo removed')
    } else toast.error(result.error)
  }

  const shown = preview ?? currentUrl
  const uploading = progress !== null
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="relative size-20 shrink-0">
        <Avatar name={name} email={email} src={shown} size="xl" className={uploading ? 'opacity-60' : undefined} />
        {uploading ? (
          <svg viewBox="0 0 36 36" className="absolute inset-0 -rotate-90" aria-hidden>
            <circle cx="18" cy="18" r="16" fill="none" strokeWidth="3" className="stroke-white/70" />
            <circle
              cx="18"
              cy="18"
              r="16"
              fill="none"
              strokeWidth="3"
              strokeLinecap="round"
              pathLength={100}
              strokeDasharray={`${Math.round(progress * 100)} 100`}
              className="stroke-brand-600 transition-[stroke-dasharray]"
            />
          </svg>
        ) : null}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            // the visible button opens it; the input itself stays out of the tab order
            tabIndex={-1}
            aria-label="Profile photo file"
            onChange={(event) => onFile(event.target.files?.[0])}
            aria-describedby="avatar-help"
          />
          <Button variant="outline" size="sm" pending={uploading} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden /> {shown ? 'Change photo' : 'Upload photo'}
          </Button>
          {shown && !uploading ? (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              <Trash2 aria-hidden /> Remove
            </Button>
          ) : null}
        </div>
        {uploading ? (
          <div className="w-48" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
            <div className="h-1.5 overflow-hidden rounded-full bg-ink/10">
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
            <p className="mt-1 text-xs text-muted tabular-nums">Uploading… {Math.round(progress * 100)}%</p>
          </div>
        ) : (
          <p id="avatar-help" className={problem ? 'text-sm text-danger-700' : 'text-sm text-muted'} role={problem ? 'alert' : undefined}>
            {problem ?? 'JPEG, PNG or WebP, up to 2 MB. Square images look best.'}
          </p>
        )}
      </div>
    </div>
  )
}
