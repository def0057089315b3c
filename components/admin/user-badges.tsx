import { Badge } from '@/components/ui/badge'
import { isBannedNow } from '@/lib/admin/schema'

interface Facts {
  is_admin: boolean
  is_anonymous: boolean
  banned_until: string | null
  email_confirmed_at: string | null
}

/** What sets a person apart at a glance: administrator, banned, trial visitor, unconfirmed address. */
export function UserBadges({ user }: { user: Facts }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_admin ? <Badge tone="brand">Admin</Badge> : null}
      {isBannedNow(user.banned_until) ? <Badge tone="danger">Banned</Badge> : null}
      {user.is_anonymous ? <Badge>Trial</Badge> : null}
      {!user.is_anonymous && !user.email_confirmed_at ? <Badge tone="warning">Unconfirmed</Badge> : null}
    </span>
  )
}
