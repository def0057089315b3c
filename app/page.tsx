import type { Metadata } from 'next'
import { Clapperboard, Gauge, Mic, Palette, Share2, Users } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button'
import { SiteShell } from '@/components/site/site-shell'
import { LandingPreview } from '@/components/site/landing-preview'
import { ShowcaseTile } from '@/components/share/showcase-tile'
import { listShowcase } from '@/lib/share/showcase'
import Link from 'next/link'
import { WELCOME_CREDITS } from '@/lib/constants'
import { FlagBootstrapper } from '@/lib/flags/client'
import type { FlagValue } from '@/lib/flags/definitions'
import { getFlags } from '@/lib/flags/server'

export const metadata: Metadata = { alternates: { canonical: '/' } }

const steps = [
  { title: 'Register the property', body: 'Address, price, rooms and photos — the facts you already have for the listing.' },
  { title: 'Pick a template and voice', body: 'A narration script is drafted from the listing. Reorder scenes, change colours, preview live.' },
  { title: 'Render and share', body: 'Get an MP4 for the portals and social, plus a public page buyers can open on any phone.' },
]

const features = [
  { icon: Clapperboard, title: 'Templates that sell', body: 'Title card, photo scenes, facts and an agent end card, in landscape, portrait or square.' },
  { icon: Mic, title: 'Narrated for you', body: 'A script written from the listing, read by a natural voice, timed to the photos.' },
  { icon: Palette, title: 'Your brand', body: 'Agent photo, logo and brand colour on every video, set once per agent.' },
  { icon: Gauge, title: 'Live preview', body: 'See every change play in the browser before you spend a render.' },
  { icon: Share2, title: 'A page to share', body: 'Each video gets a fast public page with the facts and your contact details.' },
  { icon: Users, title: 'Built for teams', body: 'Invite colleagues, share listings and credits, keep every video in one library.' },
]

// the experiment 'landing-headline' (lib/flags/definitions.ts): which headline sells the product better
const HEADLINES: Record<FlagValue<'landing-headline'>, string> = {
  control: 'Turn any listing into a video that sells it.',
  minutes: 'From listing photos to a narrated video in minutes.',
}

export default async function LandingPage() {
  // the newest approved showcase videos (none yet on a fresh install: the section then stays out);
  // the flags are evaluated on the server (defaults when PostHog is off or slow), so nothing flickers
  const [{ videos: examples }, flags] = await Promise.all([listShowcase({ page: 1 }).catch(() => ({ videos: [] })), getFlags()])
  return (
    <SiteShell>
      <FlagBootstrapper bootstrap={flags.bootstrap} exposed={['landing-headline']} />
      <section className="relative overflow-hidden border-b border-border bg-surface">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_30rem_at_85%_-10%,oklch(0.93_0.04_262),transparent)]"
        />
        <div className="container-page relative grid items-center gap-14 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
              For real-estate teams
            </p>
            <h1 className="mt-5 text-4xl leading-[1.08] font-semibold tracking-tight text-ink sm:text-5xl lg:text-[3.5rem]">
              {HEADLINES[flags.values['landing-headline']]}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-muted">
              Photos and facts in, a branded, narrated video out — previewed live in your browser, rendered to MP4 and
              shared on its own page. Minutes, not an afternoon in an editor.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink href="/try" size="lg">
                Try it free — no account
              </ButtonLink>
              <ButtonLink href="/auth/signup" size="lg" variant="outline">
                Create your team
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-subtle">New teams start with {WELCOME_CREDITS} free render credits.</p>
          </div>
          <LandingPreview />
        </div>
      </section>

      <section className="container-page py-20" aria-labelledby="how">
        <h2 id="how" className="text-center text-3xl font-semibold tracking-tight text-ink">
          From listing to video in three steps
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-border bg-surface p-6 shadow-card">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                {i + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="border-y border-border bg-surface py-20" aria-labelledby="features">
        <div className="container-page">
          <h2 id="features" className="max-w-2xl text-3xl font-semibold tracking-tight text-ink">
            Everything a listing video needs, nothing an editor does
          </h2>
          <div className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, body }) => (
              <div key={title}>
                <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-ink">{title}</h3>
                <p className="mt-1.5 text-sm leading-6 text-muted">{body}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      {examples.length ? (
        <section className="container-page pt-20" aria-labelledby="examples">
          <div className="flex items-end justify-between gap-4">
            <h2 id="examples" className="text-3xl font-semibold tracking-tight text-ink">
              Made by teams like yours
            </h2>
            <Link href="/showcase" className="text-sm font-medium text-brand-700 hover:underline">
              See the showcase
            </Link>
          </div>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {examples.slice(0, 3).map((video) => (
              <li key={video.share_id}>
                <ShowcaseTile video={video} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container-page py-20">
        <div className="relative overflow-hidden rounded-3xl bg-brand-950 px-6 py-14 text-center text-white sm:px-12">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_-20%,oklch(0.5_0.21_262/0.6),transparent)]"
          />
          <h2 className="relative text-3xl font-semibold tracking-tight">Your next listing could have a video by lunch.</h2>
          <p className="relative mx-auto mt-3 max-w-xl text-brand-100">
            Try the whole flow without an account, then keep your video when you sign up.
          </p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink href="/try" size="lg" variant="inverse">
              Start a free trial video
            </ButtonLink>
            <ButtonLink href="/auth/signup" size="lg" variant="inverse-ghost">
              Create an account
            </ButtonLink>
          </div>
        </div>
      </section>
    </SiteShell>
  )
}
