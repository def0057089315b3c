import type { ReactNode } from 'react'
import { AdminNav } from '@/components/admin/admin-nav'
import { UserMenu } from '@/components/auth/user-menu'
import { Logo } from '@/components/site/logo'
import { Badge } from '@/components/ui/badge'
import { adminLayoutMetadata } from '@/lib/admin/metadata'
import { requireAdmin } from '@/lib/auth/user'

// administrators get "… · Admin"; everyone else, who gets the not-found page, its title too
export const generateMetadata = adminLayoutMetadata

/** Everyone but administrators gets not-found here (each page checks again: layouts and pages render in parallel). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdmin()
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo href="/admin" />
            <Badge tone="brand">Admin</Badge>
          </div>
          <UserMenu email={user.email ?? ''} name={(user.user_metadata?.full_name as string | undefined) ?? null} isAdmin />
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <AdminNav />
        </aside>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  )
}
