import { Mail, Phone } from 'lucide-react'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import type { SharedVideo } from '@/lib/share/shared-video'

/**
 * The listing agent on a share page: photo, name, title, brokerage and contact links. On a phone the
 * name keeps the room beside the photo (the logo moves under them when the row is full) and the
 * contact buttons share a full-width row, rather than the name breaking word by word beside a logo.
 */
export function AgentCard({ agent, photoUrl, logoUrl }: { agent: NonNullable<SharedVideo['agent']>; photoUrl: string | null; logoUrl: string | null }) {
  const tel = agent.phone?.replace(/[^+\d]/g, '')
  return (
    <div className="rounded-2xl bg-surface p-5 ring-1 ring-border">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3" data-testid="agent-card-head">
        {photoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL from storage
          <img src={photoUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-full object-cover" />
        ) : null}
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-semibold break-words text-ink">{agent.fullName}</p>
          {agent.title ? <p className="text-sm text-muted">{agent.title}</p> : null}
          {agent.brokerage ? <p className="text-sm text-muted">{agent.brokerage}</p> : null}
        </div>
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL from storage
          <img src={logoUrl} alt={agent.brokerage ?? ''} className="h-10 w-auto max-w-[8rem] object-contain sm:ml-auto" />
        ) : null}
      </div>
      {/* contact details never appear in session replays */}
      <div className={`mt-4 flex flex-wrap gap-2 ${REPLAY_BLOCK}`}>
        {tel ? (
          <a href={`tel:${tel}`} className="inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg sm:flex-none bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            <Phone className="h-4 w-4" aria-hidden /> Call {agent.phone}
          </a>
        ) : null}
        {agent.email ? (
          <a href={`mailto:${agent.email}`} className="inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg sm:flex-none px-4 py-2 text-sm font-medium text-ink ring-1 ring-border hover:bg-canvas">
            <Mail className="h-4 w-4" aria-hidden /> Email
          </a>
        ) : null}
      </div>
    </div>
  )
}
