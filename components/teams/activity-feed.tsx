import { Coins, UserPlus } from 'lucide-react'
import type { ActivityItem } from '@/lib/teams/activity'
import { cn } from '@/components/ui/cn'

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

export function formatWhen(iso: string): string {
  return dateFormat.format(new Date(iso))
}

export function ActivityFeed({ items }: { items: ActivityItem[] }) {
  if (!items.length) return <p className="text-sm text-muted">Nothing has happened in this team yet.</p>
  return (
    <ol className="relative space-y-5 before:absolute before:top-2 before:bottom-2 before:left-[0.9rem] before:w-px before:bg-border">
      {items.map((item) => (
        <li key={item.id} className="relative flex gap-3">
          <span
            aria-hidden
            className={cn(
              'relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full ring-4 ring-surface [&_svg]:size-3.5',
              item.kind === 'member' ? 'bg-brand-50 text-brand-600' : 'bg-success-50 text-success-700',
              item.kind === 'credits-out' && 'bg-warning-50 text-warning-700',
            )}
          >
            {item.kind === 'member' ? <UserPlus /> : <Coins />}
          </span>
          <div className="min-w-0 pt-0.5">
            <p className="text-sm font-medium text-ink">{item.title}</p>
            {item.detail ? <p className="text-sm text-muted">{item.detail}</p> : null}
            <p className="mt-0.5 text-xs text-subtle">
              <time dateTime={item.at}>{formatWhen(item.at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  )
}
