import type { Metadata } from 'next'
import { ButtonLink } from '@/components/ui/button'
import { SiteShell } from '@/components/site/site-shell'

export const metadata: Metadata = {
  title: 'Try it free',
  description: 'Make a video of your own property before you sign up: one trial video, watermarked, up to 720p.',
  alternates: { canonical: '/try' },
}

const steps = [
  ['Tell us about the property', 'Address, price, rooms and a few photos.'],
  ['Choose the look', 'Template, format and a narrator voice.'],
  ['Watch it render', 'Your video, live, in a couple of minutes. Sign up to keep it.'],
]

export default function TryPage() {
  return (
    <SiteShell>
      <div className="container-page max-w-3xl py-14 sm:py-20">
        <p className="text-sm font-medium text-brand-700">Free trial · no account needed</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Make a listing video in three steps</h1>
        <p className="mt-4 text-lg text-muted">
          Try the whole loop before you sign up: one trial video, watermarked, up to 720p. Trial projects are kept for 7 days.
        </p>
        <ol className="mt-10 space-y-4">
          {steps.map(([title, body], i) => (
            <li key={title} className="flex gap-4 rounded-xl border border-border bg-surface p-5 shadow-card">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
                {i + 1}
              </span>
              <div>
                <h2 className="font-semibold text-ink">{title}</h2>
                <p className="mt-1 text-sm text-muted">{body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink href="/try/intro" size="lg">
            Start the trial
          </ButtonLink>
          <ButtonLink href="/auth/signup" size="lg" variant="outline">
            I&apos;d rather sign up
          </ButtonLink>
        </div>
      </div>
    </SiteShell>
  )
}
