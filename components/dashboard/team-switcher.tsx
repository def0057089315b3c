'use client'

import Link from 'next/link'
import { useEffect, useId, useRef, useState } from 'react'
import { Check, ChevronsUpDown, Plus } from 'lucide-react'
import { cn } from '@/components/ui/cn'

export type SwitcherTeam = { id: string; name: string; role: string }

function TeamMark({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  )
}

/**
 * Menu-button pattern (WAI-ARIA): Enter/Space/ArrowDown open it on the current team, arrows and
 * Home/End move, Escape closes and returns focus to the button, Tab leaves it.
 */
export function TeamSwitcher({ teams, currentId }: { teams: SwitcherTeam[]; currentId: string }) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const current = teams.find((t) => t.id === currentId)

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const list = items()
    const selected = list.find((el) => el.getAttribute('aria-checked') === 'true') ?? list[0]
    selected?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  function onMenuKey(event: React.KeyboardEvent) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus()
    if (event.key === 'ArrowDown') focusAt(index + 1)
    else if (event.key === 'ArrowUp') focusAt(index - 1)
    else if (event.key === 'Home') focusAt(0)
    else if (event.key === 'End') focusAt(list.length - 1)
    else if (event.key === 'Escape') {
      setOpen(false)
      button.current?.focus()
    } else if (event.key === 'Tab') setOpen(false)
    else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface p-2 text-left shadow-sm transition-colors hover:bg-canvas"
      >
        <TeamMark name={current?.name ?? '?'} />
        {/* the name starts with what is visible (WCAG label in name): "Current team: Harbour Realty owner. Switch team" */}
        <span className="min-w-0 flex-1">
          <span className="sr-only">Current team: </span>
          <span className="block truncate text-sm font-semibold text-ink">{current?.name ?? 'none'}</span>
          <span className="block text-xs capitalize text-muted">{current?.role}</span>
          <span className="sr-only">. Switch team</span>
        </span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-subtle" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Your teams"
          onKeyDown={onMenuKey}
          className="absolute inset-x-0 z-50 mt-2 overflow-hidden rounded-xl border border-border bg-surface p-1 shadow-pop"
        >
          <div className="px-3 pt-2 pb-1 text-xs font-medium text-subtle">Your teams</div>
          <div className="max-h-72 overflow-y-auto">
            {teams.map((team) => (
              <Link
                key={team.id}
                href={`/dashboard/${team.id}`}
                role="menuitemradio"
                aria-checked={team.id === currentId}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-ink hover:bg-ink/5 focus:bg-ink/5 focus:outline-none"
              >
                <TeamMark name={team.name} className="size-6 rounded-md text-xs" />
                <span className="min-w-0 flex-1 truncate">{team.name}</span>
                {team.id === currentId ? <Check aria-hidden className="size-4 text-brand-600" /> : null}
              </Link>
            ))}
          </div>
          <div role="separator" className="my-1 h-px bg-border" />
          <Link
            href="/dashboard/create"
            role="menuitem"
            tabIndex={-1}
            onClick={() => setOpen(false)}
            className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm text-muted hover:bg-ink/5 hover:text-ink focus:bg-ink/5 focus:text-ink focus:outline-none"
          >
            <span className="flex size-6 items-center justify-center rounded-md border border-dashed border-border-strong">
              <Plus aria-hidden className="size-3.5" />
            </span>
            Create a team
          </Link>
        </div>
      ) : null}
    </div>
  )
}
