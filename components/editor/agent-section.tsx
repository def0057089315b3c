'use client'

import Link from 'next/link'
import { UserRound, Users } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { cn } from '@/components/ui/cn'
import { selectedAgentId, type EditorAgent, type EditorDoc } from './doc'
import { EditorSection } from './editor-section'
import { sectionMemo } from './section-memo'

/** "Agent end card": no card, one of the team's agents, or the card already in the props. */
function AgentSectionView({
  doc,
  agents,
  urls,
  agentsHref,
  onPick,
}: {
  doc: EditorDoc
  agents: EditorAgent[]
  urls: Record<string, string>
  agentsHref: string
  onPick: (agent: EditorAgent | null) => void
}) {
  const selected = selectedAgentId(doc.props, agents)
  const current = doc.props.agent
  const orphan = current && !selected ? current : null
  const option = (checked: boolean) =>
    cn(
      'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
      checked ? 'border-brand-500 bg-brand-50' : 'border-border hover:bg-canvas',
    )
  return (
    <EditorSection id="agent" title="Agent end card" description="Who viewers call at the end. Picking an agent also uses their brand colour.">
      <fieldset>
        <legend className="sr-only">Agent on the end card</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className={option(!current)}>
            <input type="radio" name="agent" checked={!current} onChange={() => onPick(null)} className="sr-only" />
            <span className="flex size-9 items-center justify-center rounded-full bg-ink/5 text-subtle">
              <UserRound aria-hidden className="size-4" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink">No agent card</span>
              <span className="block text-xs text-muted">The end card shows the address and price</span>
            </span>
          </label>
          {orphan ? (
            <label className={option(true)}>
              <input type="radio" name="agent" checked readOnly className="sr-only" />
              <Avatar name={orphan.fullName} src={orphan.photoSrc ? urls[orphan.photoSrc] : null} />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-ink">{orphan.fullName}</span>
                <span className="block text-xs text-muted">Current card (no longer in your agents)</span>
              </span>
            </label>
          ) : null}
          {agents.map((agent) => {
            const checked = selected === agent.id
            return (
              <label key={agent.id} className={option(checked)}>
                <input type="radio" name="agent" checked={checked} onChange={() => onPick(agent)} className="sr-only" />
                <Avatar name={agent.fullName} src={agent.photoRef ? urls[agent.photoRef] : null} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{agent.fullName}</span>
                  <span className="block truncate text-xs text-muted">{[agent.title, agent.brokerage].filter(Boolean).join(' · ') || agent.email || 'Agent'}</span>
                </span>
                {agent.brandColor ? <span aria-hidden className="size-4 shrink-0 rounded-full ring-1 ring-ink/10" style={{ backgroundColor: agent.brandColor }} /> : null}
              </label>
            )
          })}
        </div>
      </fieldset>
      {agents.length ? null : (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-border-strong bg-canvas px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-muted">
            <Users aria-hidden className="size-4 shrink-0 text-subtle" /> No agents yet. Add one with a photo, logo and brand colour.
          </p>
          <Link href={agentsHref} className="font-medium text-brand-700 hover:underline">
            Add an agent
          </Link>
        </div>
      )}
    </EditorSection>
  )
}

export const AgentSection = sectionMemo(AgentSectionView)
