import Link from 'next/link'
import { Logo } from './logo'

const columns = [
  {
    title: 'Product',
    links: [
      { href: '/try', label: 'Try it free' },
      { href: '/showcase', label: 'Showcase' },
      { href: '/auth/signup', label: 'Create an account' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/privacy', label: 'Privacy policy' },
      { href: '/terms', label: 'Terms of service' },
    ],
  },
]

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">
            Listing videos for real-estate teams: from photos and facts to a narrated, branded MP4.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-ink">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm text-muted">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="hover:text-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="container-page py-5 text-xs text-subtle">© {new Date().getFullYear()} Listing Studio. All rights reserved.</p>
      </div>
    </footer>
  )
}
