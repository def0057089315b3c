import Link from 'next/link'
import { Mail, Phone, UserRound } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'

export interface AgentCardView {
  fullName: string
  title: string | null
  email: string | null
  phone: string | null
  brokerage: string | null
  photoUrl: string | null
  brandColor: string | null
}

/** The listing agent as the video's end card will show them, with a link to manage agents. */
export function AgentCard({ agent, agentsHref }: { agent: AgentCardView | null; agentsHref: string }) {
  if (!agent) {
    return (
      <div className="flex items-center gap-3 text-sm text-muted">
        <UserRound aria-hidden className="size-5" />
        <span>
          No agent yet. Pick one when you edit the listing, or <Link href={agentsHref} className="font-medium text-brand-700 hover:underline">add agents</Link>.
        </span>
      </div>
    )
  }
  return (
    <div className="flex items-start gap-3">
      <Avatar name={agent.fullName} src={agent.photoUrl} size="lg" />
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="font-semibold text-ink">{agent.fullName}</p>
        {agent.title || agent.brokerage ? <p className="text-muted">{[agent.title, agent.brokerage].filter(Boolean).join(' · ')}</p> : null}
        {agent.email ? (
          <a href={`mailto:${agent.email}`} className={`flex items-center gap-1.5 text-muted hover:text-ink ${REPLAY_BLOCK}`}>
            <Mail aria-hidden className="size-3.5" /> <span className="truncate">{agent.email}</span>
          </a>
        ) : null}
        {agent.phone ? (
          <a href={`tel:${agent.phone}`} className={`flex items-center gap-1.5 text-muted hover:text-ink ${REPLAY_BLOCK}`}>
            <Phone aria-hidden className="size-3.5" /> {agent.phone}
          </a>
        ) : null}
        {agent.brandColor ? (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <span aria-hidden className="size-3 rounded-full ring-1 ring-ink/10" style={{ backgroundColor: agent.brandColor }} /> Brand colour {agent.brandColor}
          </p>
        ) : null}
      </div>
    </div>
  )
}
