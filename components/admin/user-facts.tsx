import { Badge } from '@/components/ui/badge'
import type { UserDetail } from '@/lib/admin/schema'
import { isBannedNow } from '@/lib/admin/schema'
import { formatAgo, formatDayTime } from './format'
import { plural } from '@/lib/plural'

const PROVIDER_NAMES: Record<string, string> = { email: 'Email and password', anonymous: 'Trial (anonymous)' }

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2.5 text-sm">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  )
}

function When({ iso, never }: { iso: string | null; never: string }) {
  if (!iso) return <span className="text-muted">{never}</span>
  return (
    <time dateTime={iso}>
      {formatDayTime(iso)} <span className="text-muted">({formatAgo(iso)})</span>
    </time>
  )
}

/** What the auth server knows about the person, and what they made. */
export function UserFacts({ user }: { user: UserDetail }) {
  const banned = isBannedNow(user.banned_until)
  return (
    <dl className="divide-y divide-border">
      <Fact term="Joined">
        <When iso={user.created_at} never="—" />
      </Fact>
      <Fact term="Last sign-in">
        <When iso={user.last_sign_in_at} never="Never signed in" />
      </Fact>
      <Fact term="Email">
        {user.email ?? <span className="text-muted">No address (trial visitor)</span>}
        {user.email ? (
          user.email_confirmed_at ? (
            <span className="ml-2 text-muted">confirmed {formatAgo(user.email_confirmed_at)}</span>
          ) : (
            <Badge tone="warning" className="ml-2">
              Not confirmed
            </Badge>
          )
        ) : null}
      </Fact>
      <Fact term="Signs in with">
        {user.providers.length ? user.providers.map((p) => PROVIDER_NAMES[p] ?? p).join(', ') : user.is_anonymous ? 'A trial session only' : '—'}
      </Fact>
      <Fact term="Account">
        {user.is_anonymous ? 'Trial visitor (anonymous)' : 'Signed up'}
        {user.is_admin ? (
          <Badge tone="brand" className="ml-2">
            Administrator
          </Badge>
        ) : null}
      </Fact>
      <Fact term="Banned">
        {banned ? (
          <span className="text-danger-700">
            until <When iso={user.banned_until} never="" />
          </span>
        ) : (
          <span className="text-muted">No</span>
        )}
      </Fact>
      <Fact term="Made">
        {user.listings_created.toLocaleString('en-US')} listing{user.listings_created === 1 ? '' : 's'},{' '}
        {user.videos_created.toLocaleString('en-US')} video{user.videos_created === 1 ? '' : 's'},{' '}
        {user.runs_requested.toLocaleString('en-US')} render{user.runs_requested === 1 ? '' : 's'} asked for
      </Fact>
    </dl>
  )
}

const ROLE_TONES = { owner: 'brand', admin: 'success', member: 'neutral' } as const

/** The teams they belong to, their role in each and the team's credit balance. */
export function UserTeams({ teams }: { teams: UserDetail['teams'] }) {
  if (!teams.length) return <p className="text-sm text-muted">Not a member of any team.</p>
  return (
    <ul className="divide-y divide-border">
      {teams.map((team) => (
        <li key={team.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-ink">{team.name}</span>
            <span className="block text-xs text-muted">joined {formatAgo(team.joined_at)}</span>
          </span>
          <span className="flex shrink-0 items-center gap-2">
            <span className="tabular-nums text-muted" data-testid="team-balance">
              {plural(team.balance, 'credit')}
            </span>
            <Badge tone={ROLE_TONES[team.role]}>{team.role}</Badge>
          </span>
        </li>
      ))}
    </ul>
  )
}
