import type { ReactNode } from 'react'
import { SiteShell } from './site-shell'

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <SiteShell>
      <article className="container-page max-w-3xl py-12 sm:py-16">
        <p className="text-sm font-medium text-brand-700">Legal</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-subtle">Last updated {updated}</p>
        <div className="prose-legal mt-8">{children}</div>
      </article>
    </SiteShell>
  )
}
