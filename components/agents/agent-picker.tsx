'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { UserPlus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import { SelectField } from '@/components/listings/select-field'
import { createAgent } from '@/lib/agents/actions'

export interface AgentOption {
  id: string
  full_name: string
}

interface AgentPickerProps {
  teamId: string
  agents: AgentOption[]
  value: string | null
  onChange: (id: string | null) => void
  error?: string
}

/** Pick the listing agent, or add a new one without leaving the form (what was typed stays). */
export function AgentPicker({ teamId, agents: initial, value, onChange, error }: AgentPickerProps) {
  const [agents, setAgents] = useState(initial)
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function onCreate(holder: Element | null | undefined) {
    if (!holder) return
    const read = (name: string) => holder.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value.trim() ?? ''
    const input = { fullName: read('fullName'), email: read('email') || null, phone: read('phone') || null }
    setPending(true)
    const id = toast.loading('Adding the agent…')
    try {
      const result = await createAgent(teamId, input)
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {})
        toast.error(result.error, { id })
        return
      }
      setErrors({})
      setAgents((all) => [...all, { id: result.data.id, full_name: input.fullName }].sort((a, b) => a.full_name.localeCompare(b.full_name)))
      onChange(result.data.id)
      setOpen(false)
      toast.success(`${input.fullName} added and picked`, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <SelectField className="flex-1" label="Listing agent" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} error={error}>
        <option value="">No agent yet</option>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.full_name}
          </option>
        ))}
      </SelectField>
      <Button variant="outline" onClick={() => setOpen(true)} className={error ? 'sm:mb-7' : undefined}>
        <UserPlus aria-hidden /> New agent
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New agent" description="Add the basics now; photo, brokerage and brand colour on the Agents page.">
        {/* no nested <form>: the dialog sits inside the listing form, so Enter and the button submit by hand */}
        <div
          className="space-y-4"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
              event.preventDefault()
              void onCreate(event.currentTarget.querySelector('[data-agent-form]'))
            }
          }}
        >
          <AgentQuickFields errors={errors} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              pending={pending}
              onClick={(event) => void onCreate(event.currentTarget.closest('dialog')?.querySelector('[data-agent-form]'))}
            >
              Add agent
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  )
}

function AgentQuickFields({ errors }: { errors: Record<string, string> }) {
  return (
    <fieldset data-agent-form className="space-y-4">
      <Field label="Full name" name="fullName" maxLength={120} error={errors.fullName} />
      <Field className={REPLAY_BLOCK} label="Email (optional)" name="email" type="email" error={errors.email} />
      <Field className={REPLAY_BLOCK} label="Phone (optional)" name="phone" type="tel" error={errors.phone} />
    </fieldset>
  )
}
