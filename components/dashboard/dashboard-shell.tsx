'use client'

import { useEffect, useState, type ReactNode } from 'react'
import { usePathname } from 'next/navigation'
import { LogOut, Menu as MenuIcon, X } from 'lucide-react'
import { SignOutButton } from '@/components/auth/sign-out-button'
import { Logo } from '@/components/site/logo'
import { Avatar } from '@/components/ui/avatar'
import { Menu, MenuLabel, MenuLink, MenuSeparator } from '@/components/ui/menu'
import { FeedbackButton } from './feedback-button'
import { RenderWatcher } from './render-watcher'
import { TeamNav } from './team-nav'
import { TeamSwitcher, type SwitcherTeam } from './team-switcher'

export type ShellUser = { id: string; name: string | null; email: string; avatarUrl: string | null }

interface ShellProps {
  teams: SwitcherTeam[]
  teamId: string
  user: ShellUser
  children: ReactNode
}

function UserMenu({ user, teamId, align = 'start' }: { user: ShellUser; teamId: string; align?: 'start' | 'end' }) {
  return (
    <Menu
      align={align}
      triggerLabel="Your account"
      triggerClassName="w-full p-1.5 text-left hover:bg-ink/5"
      className={align === 'start' ? 'bottom-full mb-2 w-60' : 'w-60'}
      trigger={
        <>
          <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="sm" />
          <span className="min-w-0 flex-1 max-lg:sr-only">
            <span className="block truncate text-sm font-medium text-ink">{user.name || user.email}</span>
            {user.name ? <span className="block truncate text-xs text-muted">{user.email}</span> : null}
          </span>
        </>
      }
    >
      <MenuLabel className="truncate">{user.email}</MenuLabel>
      <MenuLink href={`/dashboard/${teamId}/profile`}>Your profile</MenuLink>
      <MenuLink href={`/dashboard/${teamId}/account`}>Team settings</MenuLink>
      <MenuSeparator />
      <SignOutButton asMenuItem>
        <LogOut aria-hidden /> Sign out
      </SignOutButton>
    </Menu>
  )
}

function SidebarBody({ teams, teamId, onNavigate }: { teams: SwitcherTeam[]; teamId: string; onNavigate?: () => void }) {
  return (
    <div className="space-y-6">
      <TeamSwitcher teams={teams} currentId={teamId} />
      <TeamNav teamId={teamId} onNavigate={onNavigate} />
    </div>
  )
}

/**
 * The frame of every team page: a fixed sidebar from the `lg` breakpoint, and below it a top bar
 * whose menu button opens the same sidebar as a drawer (closed again by navigating or Escape).
 */
export function DashboardShell({ teams, teamId, user, children }: ShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const pathname = usePathname()
  const [lastPath, setLastPath] = useState(pathname)
  if (pathname !== lastPath) {
    setLastPath(pathname)
    setDrawerOpen(false)
  }

  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false)
    document.addEventListener('keydown', onKey)
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = ''
    }
  }, [drawerOpen])

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      <RenderWatcher userId={user.id} teamId={teamId} />
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface lg:flex">
        <div className="flex h-16 shrink-0 items-center px-5">
          <Logo href={`/dashboard/${teamId}`} prefetch={false} />
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-2">
          <SidebarBody teams={teams} teamId={teamId} />
        </div>
        <div className="space-y-1 border-t border-border p-3">
          <FeedbackButton teamId={teamId} variant="sidebar" />
          <UserMenu user={user} teamId={teamId} />
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-border bg-surface/90 px-4 backdrop-blur lg:hidden">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open navigation"
          aria-expanded={drawerOpen}
          aria-controls="dashboard-drawer"
          className="-ml-1 rounded-lg p-2 text-muted hover:bg-ink/5 hover:text-ink"
        >
          <MenuIcon aria-hidden className="size-5" />
        </button>
        <Logo href={`/dashboard/${teamId}`} prefetch={false} />
        <div className="flex items-center gap-1">
          <FeedbackButton teamId={teamId} variant="icon" />
          <UserMenu user={user} teamId={teamId} align="end" />
        </div>
      </header>

      {drawerOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" id="dashboard-drawer">
          <div aria-hidden className="absolute inset-0 bg-ink/40 backdrop-blur-[2px]" onClick={() => setDrawerOpen(false)} />
          <div
            role="dialog"
            aria-modal="true"
            aria-label="Navigation"
            className="absolute inset-y-0 left-0 flex w-[min(20rem,85vw)] flex-col bg-surface shadow-pop"
          >
            <div className="flex h-14 items-center justify-between border-b border-border px-4">
              <Logo href={`/dashboard/${teamId}`} prefetch={false} />
              <button
                type="button"
                onClick={() => setDrawerOpen(false)}
                aria-label="Close navigation"
                autoFocus
                className="rounded-lg p-2 text-muted hover:bg-ink/5 hover:text-ink"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-4">
              <SidebarBody teams={teams} teamId={teamId} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </div>
        </div>
      ) : null}

      <main id="main" className="min-w-0">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">{children}</div>
      </main>
    </div>
  )
}
