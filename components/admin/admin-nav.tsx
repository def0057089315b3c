'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { Bug, Clapperboard, Gauge, MessageSquare, Mic, Ticket, Users } from 'lucide-react'
import { cn } from '@/components/ui/cn'

const sections = [
  {
    title: 'Administration',
    links: [
      { href: '/admin', label: 'Overview', icon: Gauge, exact: true },
      { href: '/admin/users', label: 'Users', icon: Users },
      { href: '/admin/feedback', label: 'Feedback', icon: MessageSquare },
      { href: '/admin/showcase', label: 'Showcase', icon: Clapperboard },
    ],
  },
  {
    title: 'Developer',
    links: [
      { href: '/admin/dev/coupons', label: 'Coupons', icon: Ticket },
      { href: '/admin/dev/voices', label: 'Voices', icon: Mic },
      { href: '/admin/dev/sentry-example', label: 'Error reporting test', icon: Bug },
    ],
  },
]

/**
 * Side navigation on wide screens; on phones the links wrap onto as many rows as they need, so none
 * hides off-screen (a scrolling row hid Coupons, Voices and the error test with no hint).
 */
export function AdminNav() {
  const pathname = usePathname()
  const isActive = (href: string, exact?: boolean) => (exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`))
  return (
    <nav aria-label="Administration" className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col lg:flex-nowrap lg:gap-6">
      {sections.map((section) => (
        <div key={section.title} className="flex flex-wrap items-center gap-1 lg:block lg:space-y-1">
          <div className="sr-only px-3 pb-1 text-xs font-medium tracking-wide text-subtle uppercase lg:not-sr-only lg:block">{section.title}</div>
          {section.links.map(({ href, label, icon: Icon, exact }) => (
            <Link
              key={href}
              href={href}
              aria-current={isActive(href, exact) ? 'page' : undefined}
              className={cn(
                'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                isActive(href, exact) ? 'bg-brand-50 text-brand-800' : 'text-muted hover:bg-ink/5 hover:text-ink',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  )
}
