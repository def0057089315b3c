import type { Metadata } from 'next'
import Link from 'next/link'
import { Camera, Clapperboard, Clock, Sparkles } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { FreshOnReturn } from '@/components/try/fresh-on-return'
import { SiteShell } from '@/components/site/site-shell'
import { TrySteps } from '@/components/site/try-steps'
import { StartTrial } from '@/components/try/start-trial'
import { getSessionUser } from '@/lib/auth/user'
import { captchaConfig } from '@/lib/captcha/config'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { trialStepPath } from '@/lib/trials/start'
import { latestTrialProject } from '@/lib/trials/steps'

export const metadata: Metadata = {
  title: 'Trial · Intro',
  description: 'How the free trial works: one property, a few photos, and a watermarked video of it in minutes.',
  alternates: { canonical: '/try/intro' },
}

const points = [
  { icon: Camera, title: 'Your property, your photos', body: 'Address, price and rooms, and 3 to 10 photos. Nothing is published.' },
  { icon: Sparkles, title: 'A look that fits', body: 'Three templates in landscape, portrait or square, previewed with your photos.' },
  { icon: Clapperboard, title: 'One real render', body: 'Your video rendered to MP4 at up to 720p, with a small watermark.' },
  { icon: Clock, title: 'Kept for 7 days', body: 'Come back in this browser to carry on. Sign up and it is yours for good.' },
]

/**
 * How the trial works, and the button that starts it. The anonymous session begins on that click,
 * not on a page load (docs/try.md): crawlers, link previews and prefetches make no accounts.
 */
export default async function TryIntroPage() {
  const user = await getSessionUser()
  const project = user?.is_anonymous ? await latestTrialProject((await createClient()) as unknown as Db) : null
  const captcha = captchaConfig()
  return (
    <SiteShell>
      <div className="container-page max-w-4xl py-12">
        <FreshOnReturn token={crypto.randomUUID()} />
        <TrySteps current="Intro" />
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">How the trial works</h1>
        <p className="mt-2 max-w-2xl text-muted">
          Describe one property, pick a look, and watch your video render. No account, no card: your trial is kept in this
          browser for 7 days.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {points.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-3 rounded-xl border border-border bg-surface p-4 shadow-card">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <div>
                <h2 className="font-semibold text-ink">{title}</h2>
                <p className="mt-1 text-sm text-muted">{body}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-xl border border-border bg-surface p-6 shadow-card">
          {user && !user.is_anonymous ? (
            <>
              <p className="text-ink">You are signed in with an account, so there is no need for a trial.</p>
              <ButtonLink href="/dashboard" className="mt-4">
                Make a video in your dashboard
              </ButtonLink>
            </>
          ) : project ? (
            <div className="space-y-4">
              <p className="text-ink">
                You have a trial project: <strong>{project.title}</strong>.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <ButtonLink href={trialStepPath(project)} size="lg">
                  Carry on where you left off
                </ButtonLink>
                <StartTrial captcha={null} fresh label="Start over with another property" variant="outline" />
              </div>
            </div>
          ) : (
            <>
              <p className="mb-4 text-sm text-muted">
                Starting opens an anonymous trial session in this browser. By starting you agree to our{' '}
                <Link href="/terms" className="underline underline-offset-2 hover:text-ink">terms</Link> and{' '}
                <Link href="/privacy" className="underline underline-offset-2 hover:text-ink">privacy policy</Link>.
              </p>
              <StartTrial captcha={user ? null : captcha} label="Start my trial" />
            </>
          )}
        </div>
      </div>
    </SiteShell>
  )
}
