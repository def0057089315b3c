'use client'

import { usePathname } from 'next/navigation'
import { Building2, CircleUserRound, House, Images, Settings2, UsersRound } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { IntentLink } from '@/components/ui/intent-link'

const ITEMS = [
  { href: '', label: 'Home', icon: House },
  { href: '/props', label: 'Properties', icon: Building2 },
  { href: '/agents', label: 'Agents', icon: UsersRound },
  { href: '/library', label: 'Library', icon: Images },
  { href: '/account', label: 'Account', icon: Settings2 },
  { href: '/profile', label: 'Profile', icon: CircleUserRound },
] as const

/** The team's sections; the current one is marked for sight and for screen readers. */
export function TeamNav({ teamId, onNavigate }: { teamId: string; onNavigate?: () => void }) {
  const pathname = usePathname()
  const root = `/dashboard/${teamId}`
  return (
    <nav aria-label="Team sections">
      <ul className="space-y-0.5">
        {ITEMS.map(({ href, label, icon: Icon }) => {
          const target = `${root}${href}`
          const active = href === '' ? pathname === root : pathname === target || pathname.startsWith(`${target}/`)
          return (
            <li key={label}>
              <IntentLink
                href={target}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active ? 'bg-brand-50 text-brand-700' : 'text-muted hover:bg-ink/5 hover:text-ink',
                )}
              >
                <Icon
                  aria-hidden
                  className={cn('size-[1.1rem] shrink-0', active ? 'text-brand-600' : 'text-subtle group-hover:text-muted')}
                />
                {label}
              </IntentLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
