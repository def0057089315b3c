'use client'

import { useEffect, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Mic, Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import type { ActionResult } from '@/lib/safe-action'
import { deleteVoice, moveVoice, setVoiceActive } from '@/lib/voices/actions'
import type { AdminVoice } from '@/lib/voices/queries'
import { VoiceFormDialog, type EditableVoice } from './voice-form-dialog'
import { usageText, VoiceRow } from './voice-row'
import { VoiceSampleDialog } from './voice-sample-dialog'

const OFFLINE = 'We could not reach the server. Check your connection and try again.'

/** /admin/dev/voices: the catalogue in the order teams see it, and every change an admin makes to it. */
export function VoicesManager({ voices, providers }: { voices: AdminVoice[]; providers: readonly string[] }) {
  const router = useRouter()
  // a fresh key per opening remounts the form with the right defaults
  const [editing, setEditing] = useState<{ voice: EditableVoice | null; key: number } | null>(null)
  const [sampleFor, setSampleFor] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<AdminVoice | null>(null)
  const [busy, setBusy] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  // after a move the list re-renders in its new order (React may move the focused row's node, which
  // drops focus): once the new order has arrived, focus goes back to the button that moved it
  const refocus = useRef<{ id: string; direction: 'up' | 'down'; index: number } | null>(null)

  useEffect(() => {
    const target = refocus.current
    if (!target || busy || voices.findIndex((v) => v.id === target.id) !== target.index) return
    refocus.current = null
    const button = document.getElementById(`voice-${target.id}-${target.direction}`) as HTMLButtonElement | null
    const other = document.getElementById(`voice-${target.id}-${target.direction === 'up' ? 'down' : 'up'}`)
    ;(button && !button.disabled ? button : other)?.focus()
  }, [voices, busy])

  async function run<T>(loading: string, call: () => Promise<ActionResult<T>>, success: (data: T) => string, quiet = false) {
    setBusy(true)
    const id = quiet ? undefined : toast.loading(loading)
    try {
      const result = await call()
      if (!result.ok) {
        toast.error(result.error, { id })
        return false
      }
      if (!quiet) toast.success(success(result.data), { id })
      router.refresh()
      return true
    } catch {
      toast.error(OFFLINE, { id })
      return false
    } finally {
      setBusy(false)
    }
  }

  async function move(voice: AdminVoice, index: number, direction: 'up' | 'down') {
    const to = direction === 'up' ? index - 1 : index + 1
    refocus.current = { id: voice.id, direction, index: to }
    const ok = await run('Moving…', () => moveVoice({ id: voice.id, direction }), () => '', true)
    if (ok) setAnnouncement(`${voice.name} moved to position ${to + 1} of ${voices.length}`)
    else refocus.current = null
  }

  const toggle = (voice: AdminVoice) =>
    run(
      voice.is_active ? `Deactivating ${voice.name}…` : `Activating ${voice.name}…`,
      () => setVoiceActive({ id: voice.id, isActive: !voice.is_active }),
      (data) => (data.isActive ? `${voice.name} is active: teams can choose it` : `${voice.name} is inactive: teams no longer see it`),
    )

  async function remove() {
    if (!deleting) return
    const voice = deleting
    if (await run(`Deleting ${voice.name}…`, () => deleteVoice({ id: voice.id }), () => `${voice.name} deleted`)) setDeleting(null)
  }

  const sampleVoice = voices.find((v) => v.id === sampleFor) ?? null
  const add = (
    <Button onClick={() => setEditing({ voice: null, key: Date.now() })}>
      <Plus aria-hidden /> New voice
    </Button>
  )
  const deletingUsage = deleting ? usageText(deleting) : null
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {voices.length ? (
        <>
          <div className="mb-4 flex items-center justify-between gap-4">
            <p className="text-sm text-muted">
              {voices.filter((v) => v.is_active).length} of {voices.length} active. Teams see active voices in this order.
            </p>
            {add}
          </div>
          <Card className="overflow-hidden">
            <ol aria-label="Voices, in the order teams see them" className="divide-y divide-border">
              {voices.map((voice, index) => (
                <VoiceRow
                  key={voice.id}
                  voice={voice}
                  index={index}
                  count={voices.length}
                  busy={busy}
                  onMove={(direction) => void move(voice, index, direction)}
                  onToggle={() => void toggle(voice)}
                  onEdit={() =>
                    setEditing({
                      voice: { id: voice.id, name: voice.name, language: voice.language, gender: voice.gender, provider: voice.provider, providerVoiceId: voice.provider_voice_id },
                      key: Date.now(),
                    })
                  }
                  onSample={() => setSampleFor(voice.id)}
                  onDelete={() => setDeleting(voice)}
                />
              ))}
            </ol>
          </Card>
        </>
      ) : (
        <EmptyState
          icon={<Mic />}
          title="No voices yet"
          description="Add the narrator voices teams can pick for their videos, each with a short sample."
          action={add}
        />
      )}

      {editing ? (
        <VoiceFormDialog
          key={editing.key}
          voice={editing.voice}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            router.refresh()
          }}
        />
      ) : null}

      {sampleVoice ? (
        <VoiceSampleDialog
          key={sampleVoice.id}
          voice={{ id: sampleVoice.id, name: sampleVoice.name, provider: sampleVoice.provider, sampleUrl: sampleVoice.sampleUrl }}
          providers={providers}
          onClose={() => setSampleFor(null)}
          onChanged={() => router.refresh()}
        />
      ) : null}

      {deleting ? (
        <Dialog
          open
          onClose={() => setDeleting(null)}
          title={deletingUsage ? `${deleting.name} cannot be deleted` : `Delete ${deleting.name}?`}
          description={
            deletingUsage
              ? `${deletingUsage}. Deleting it would take the voice away from them. Deactivate it instead: teams stop seeing it, and what already uses it keeps working.`
              : 'Nothing uses this voice. It leaves the catalogue for good, with its sample. This is recorded in the audit log.'
          }
          footer={
            <>
              <Button variant="ghost" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              {deletingUsage ? (
                deleting.is_active ? (
                  <Button
                    pending={busy}
                    onClick={() => {
                      const voice = deleting
                      void toggle(voice).then((ok) => ok && setDeleting(null))
                    }}
                  >
                    Deactivate instead
                  </Button>
                ) : null
              ) : (
                <Button variant="danger" pending={busy} onClick={() => void remove()}>
                  Delete for good
                </Button>
              )}
            </>
          }
        />
      ) : null}
    </>
  )
}
