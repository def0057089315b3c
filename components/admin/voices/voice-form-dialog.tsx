'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/listings/select-field'
import { VOICE_GENDERS } from '@/lib/constants'
import type { FieldErrors } from '@/lib/safe-action'
import { createVoice, updateVoice } from '@/lib/voices/actions'
import { GENDER_LABELS, languageLabel } from '@/lib/voices/format'
import { createVoiceSchema, updateVoiceSchema } from '@/lib/voices/schema'

export interface EditableVoice {
  id: string
  name: string
  language: string
  gender: (typeof VOICE_GENDERS)[number]
  provider: string
  providerVoiceId: string
}

interface Props {
  voice: EditableVoice | null
  onClose: () => void
  onSaved: () => void
}

/** Create or edit one voice; what was typed stays when the server refuses it. */
export function VoiceFormDialog({ voice, onClose, onSaved }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const [language, setLanguage] = useState(voice?.language ?? 'en-US')

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '')
    const fields = {
      name: text('name'),
      language: text('language'),
      gender: text('gender') as EditableVoice['gender'],
      provider: text('provider'),
      providerVoiceId: text('providerVoiceId'),
    }
    const parsed = voice
      ? updateVoiceSchema.safeParse({ ...fields, id: voice.id })
      : createVoiceSchema.safeParse({ ...fields, isActive: data.get('isActive') === 'on' })
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    setPending(true)
    const id = toast.loading(voice ? 'Saving the voice…' : 'Adding the voice…')
    try {
      const result = voice
        ? await updateVoice({ ...fields, id: voice.id })
        : await createVoice({ ...fields, isActive: data.get('isActive') === 'on' })
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {})
        toast.error(result.error, { id })
        return
      }
      toast.success(voice ? `${parsed.data.name} saved` : `${parsed.data.name} added to the catalogue`, { id })
      onSaved()
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
    }
  }

  const languageHint = languageLabel(language.trim())
  return (
    <Dialog open onClose={onClose} title={voice ? `Edit ${voice.name}` : 'New voice'} className="max-w-xl">
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" name="name" maxLength={80} defaultValue={voice?.name ?? ''} error={errors.name} hint="What teams see in the voice list." />
          <Field
            label="Language"
            name="language"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            error={errors.language}
            hint={languageHint !== language.trim() ? languageHint : 'A BCP-47 tag such as en-US, en-GB or pt-BR.'}
          />
          <SelectField label="Gender" name="gender" defaultValue={voice?.gender ?? 'female'} error={errors.gender}>
            {VOICE_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </SelectField>
          <Field label="Provider" name="provider" defaultValue={voice?.provider ?? 'flite'} error={errors.provider} hint="The speech service, e.g. flite." />
          <Field
            className="sm:col-span-2"
            label="Provider voice id"
            name="providerVoiceId"
            maxLength={200}
            defaultValue={voice?.providerVoiceId ?? ''}
            error={errors.providerVoiceId}
            hint="The provider’s own name for the voice (for Flite: kal, kal16, awb, rms or slt)."
          />
        </div>
        {voice ? null : (
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="isActive" defaultChecked className="size-4 rounded border-border-strong accent-brand-600" />
            Active: teams can choose it straight away
          </label>
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {voice ? 'Save voice' : 'Add voice'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
