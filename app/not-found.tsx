import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { LogoMark } from '@/components/site/logo'

export const metadata: Metadata = { title: 'Page not found' }

/** One answer for "missing" and "not yours": it never says whether the thing exists. */
export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <LogoMark className="mx-auto size-10" />
        <p className="mt-8 text-sm font-semibold tracking-wide text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink">Page not found</h1>
        <p className="mt-3 text-muted">
          The page you are looking for does not exist, has moved, or is not available to your account.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/">Go to the home page</ButtonLink>
          <ButtonLink href="/dashboard" variant="outline">
            Open the dashboard
          </ButtonLink>
        </div>
      </div>
    </main>
  )
}
