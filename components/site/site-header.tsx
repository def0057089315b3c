import Link from 'next/link'
import { adminStanding, getUser } from '@/lib/auth/user'
import { ButtonLink } from '@/components/ui/button'
import { UserMenu } from '@/components/auth/user-menu'
import { Logo } from './logo'

const links = [
  { href: '/showcase', label: 'Showcase' },
  { href: '/try', label: 'Try it free' },
]

/** The top bar of the public pages: product links, then sign-in or the account menu. */
export async function SiteHeader() {
  const user = await getUser()
  // the menu's Admin link for every administrator: /admin asks for the second factor when needed
  const admin = user ? (await adminStanding()) !== 'none' : false
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <div className="flex items-center gap-8">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-6 text-sm font-medium text-muted md:flex">
            {links.map((link) => (
              <Link key={link.href} href={link.href} className="hover:text-ink">
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <div className="flex items-center gap-2">
          {user ? (
            <>
              <ButtonLink href="/dashboard" variant="outline" size="sm" className="hidden sm:inline-flex">
                Dashboard
              </ButtonLink>
              <UserMenu email={user.email ?? ''} name={(user.user_metadata?.full_name as string | undefined) ?? null} isAdmin={admin} />
            </>
          ) : (
            <>
              <ButtonLink href="/auth/login" variant="ghost" size="sm">
                Sign in
              </ButtonLink>
              <ButtonLink href="/auth/signup" size="sm">
                Get started
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
