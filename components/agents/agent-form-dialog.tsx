'use client'

import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import { SingleImageUpload, type SingleUploadApi } from '@/components/media/single-upload'
import { createAgent, updateAgent } from '@/lib/agents/actions'
import { agentSchema, type AgentInput } from '@/lib/agents/schema'
import { finalizeUpload, prepareUpload } from '@/lib/media/actions'
import type { FieldErrors } from '@/lib/safe-action'

export interface AgentEditable {
  id: string
  fullName: string
  title: string | null
  email: string | null
  phone: string | null
  brokerage: string | null
  licenseNo: string | null
  brandColor: string | null
  photoPath: string | null
  logoPath: string | null
  photoUrl: string | null
  logoUrl: string | null
}

interface Props {
  teamId: string
  open: boolean
  onClose: () => void
  agent: AgentEditable | null
  onSaved: () => void
}

/** Create or edit one agent; the dialog keeps what was typed when the server refuses it. */
export function AgentFormDialog({ teamId, open, onClose, agent, onSaved }: Props) {
  const form = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const [color, setColor] = useState(agent?.brandColor ?? '#1d4ed8')
  const [photoPath, setPhotoPath] = useState(agent?.photoPath ?? null)
  const [logoPath, setLogoPath] = useState(agent?.logoPath ?? null)

  const api = useMemo(
    () =>
      (kind: 'photo' | 'logo'): SingleUploadApi => ({
        prepare: (file) => prepareUpload(teamId, { name: file.name, bytes: file.size, mime: file.type, kind }),
        finalize: (path) => finalizeUpload(teamId, { path, kind }),
      }),
    [teamId],
  )

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '')
    const input: AgentInput = {
      fullName: text('fullName'),
      title: text('title'),
      email: text('email'),
      phone: text('phone'),
      brokerage: text('brokerage'),
      licenseNo: text('licenseNo'),
      brandColor: text('brandColor'),
      photoPath,
      logoPath,
    }
    const parsed = agentSchema.safeParse(input)
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    setPending(true)
    const id = toast.loading(agent ? 'Saving the agent…' : 'Adding the agent…')
    try {
      const result = agent ? await updateAgent(teamId, agent.id, input) : await createAgent(teamId, input)
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {})
        toast.error(result.error, { id })
        return
      }
      toast.success(agent ? `${parsed.data.fullName} saved` : `${parsed.data.fullName} added`, { id })
      onSaved()
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={agent ? `Edit ${agent.fullName}` : 'New agent'} className="max-w-xl">
      <form method="post" ref={form} noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SingleImageUpload label="Photo" api={api('photo')} currentUrl={agent?.photoUrl ?? null} onChange={setPhotoPath} />
          <SingleImageUpload label="Logo" shape="wide" api={api('logo')} currentUrl={agent?.logoUrl ?? null} onChange={setLogoPath} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" name="fullName" maxLength={120} defaultValue={agent?.fullName ?? ''} error={errors.fullName} />
          <Field label="Job title (optional)" name="title" defaultValue={agent?.title ?? ''} error={errors.title} />
          <Field className={REPLAY_BLOCK} label="Email (optional)" name="email" type="email" defaultValue={agent?.email ?? ''} error={errors.email} />
          <Field className={REPLAY_BLOCK} label="Phone (optional)" name="phone" type="tel" defaultValue={agent?.phone ?? ''} error={errors.phone} />
          <Field label="Brokerage (optional)" name="brokerage" defaultValue={agent?.brokerage ?? ''} error={errors.brokerage} />
          <Field className={REPLAY_BLOCK} label="Licence number (optional)" name="licenseNo" defaultValue={agent?.licenseNo ?? ''} error={errors.licenseNo} />
        </div>
        <div className="flex items-end gap-3">
          <div className="space-y-1.5">
            <label htmlFor="agent-color-picker" className="block text-sm font-medium text-ink">
              Brand colour
            </label>
            <input
              id="agent-color-picker"
              type="color"
              value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
              onChange={(e) => setColor(e.target.value)}
              className="h-10 w-14 cursor-pointer rounded-lg border border-border-strong bg-surface p-1"
            />
          </div>
          <Field className="flex-1" label="Hex code" name="brandColor" value={color} onChange={(e) => setColor(e.target.value)} error={errors.brandColor} hint="Used on the video end card." />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {agent ? 'Save agent' : 'Add agent'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
