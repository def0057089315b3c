'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { deleteAgent } from '@/lib/agents/actions'
import { AgentCard } from './agent-card'
import { AgentFormDialog, type AgentEditable } from './agent-form-dialog'

/** The team's agents: cards with edit and delete, and the dialog that creates or edits one. */
export function AgentsManager({ teamId, agents }: { teamId: string; agents: (AgentEditable & { listingCount: number })[] }) {
  const router = useRouter()
  // a fresh key per opening remounts the dialog's form with the right defaults
  const [editing, setEditing] = useState<{ agent: AgentEditable | null; key: number } | null>(null)
  const [deleting, setDeleting] = useState<(AgentEditable & { listingCount: number }) | null>(null)
  const [pending, setPending] = useState(false)

  async function remove() {
    if (!deleting) return
    setPending(true)
    const id = toast.loading(`Deleting ${deleting.fullName}…`)
    try {
      const result = await deleteAgent(teamId, deleting.id)
      if (result.ok) {
        toast.success(`${deleting.fullName} deleted`, { id })
        setDeleting(null)
        router.refresh()
      } else toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
    }
  }

  const add = (
    <Button onClick={() => setEditing({ agent: null, key: Date.now() })}>
      <Plus aria-hidden /> New agent
    </Button>
  )
  return (
    <>
      {agents.length ? (
        <>
          <div className="mb-4 flex justify-end">{add}</div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Agents">
            {agents.map((agent) => (
              <li key={agent.id} className="flex flex-col justify-between gap-4 rounded-xl border border-border bg-surface p-4 shadow-card">
                <AgentCard agent={agent} agentsHref="#" />
                {agent.licenseNo ? <p className="text-xs text-muted">Licence {agent.licenseNo}</p> : null}
                <div className="flex items-center justify-between gap-2 border-t border-border pt-3">
                  <span className="text-xs text-muted">
                    {agent.listingCount === 1 ? '1 listing' : `${agent.listingCount} listings`}
                  </span>
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" aria-label={`Edit ${agent.fullName}`} onClick={() => setEditing({ agent, key: Date.now() })}>
                      <Pencil aria-hidden /> Edit
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Delete ${agent.fullName}`} className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => setDeleting(agent)}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState icon={<UsersRound />} title="No agents yet" description="Add the people who appear on your videos’ end cards: photo, contact, brokerage and brand colour." action={add} />
      )}
      {editing ? (
        <AgentFormDialog
          key={editing.key}
          teamId={teamId}
          open
          agent={editing.agent}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            router.refresh()
          }}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.fullName ?? 'this agent'}?`}
        description={
          deleting?.listingCount
            ? `${deleting.listingCount === 1 ? 'Its 1 listing keeps' : `Its ${deleting.listingCount} listings keep`} working, with no agent until you pick another.`
            : 'No listing uses this agent.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Keep
            </Button>
            <Button variant="danger" pending={pending} onClick={() => void remove()}>
              Delete agent
            </Button>
          </>
        }
      />
    </>
  )
}
