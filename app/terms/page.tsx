import type { Metadata } from 'next'
import Link from 'next/link'
import { LegalPage } from '@/components/site/legal-page'
import { WELCOME_CREDITS } from '@/lib/constants'

export const metadata: Metadata = {
  title: 'Terms of service',
  description: 'The terms for using Listing Studio: accounts, teams, credits, your content and the trial.',
  alternates: { canonical: '/terms' },
}

export default function TermsPage() {
  return (
    <LegalPage title="Terms of service" updated="22 November 2026">
      <p>
        These terms govern your use of Listing Studio, a service that helps real-estate teams create videos of property
        listings. By creating an account or using the trial you agree to them.
      </p>

      <h2>Accounts and teams</h2>
      <ul>
        <li>You must give a valid email address and keep your password to yourself.</li>
        <li>
          Work happens in teams. A team&apos;s owners decide who joins, what role they have, and may remove members or
          delete the team with everything in it.
        </li>
        <li>You are responsible for what happens under your account.</li>
      </ul>

      <h2>Credits</h2>
      <p>
        Rendering a video uses credits. A new team receives {WELCOME_CREDITS} free credits. A render that fails or is
        canceled gives its credit back. Credits belong to a team, not a person, and have no cash value.
      </p>

      <h2>Your content</h2>
      <ul>
        <li>
          You keep all rights to the listings, photos, logos and text you upload and to the videos made from them. You
          give us the licence we need to store, process and render them and, when you share a video, to show it on its
          public page.
        </li>
        <li>
          You confirm you have the right to use what you upload, including photos of properties and the details of
          agents, and that listings are accurate and lawful.
        </li>
        <li>
          If you submit a video to the public showcase, you allow us to show it there until you withdraw it.
        </li>
      </ul>

      <h2>Acceptable use</h2>
      <p>
        Do not upload content that is unlawful, misleading or infringes someone else&apos;s rights; do not try to reach
        other teams&apos; data, overload the service or get around its limits.
      </p>

      <h2>Services we rely on</h2>
      <p>
        The service runs on Supabase (database, sign-in, storage), renders with Remotion Lambda on Amazon Web Services,
        produces narration with a hosted text-to-speech provider, and uses PostHog (analytics and feature flags) and
        Sentry (error reporting). See the <Link href="/privacy">privacy policy</Link> for what each receives.
      </p>

      <h2>Availability and changes</h2>
      <p>
        We work to keep the service available but do not promise it will be uninterrupted. We may change features; if a
        change materially reduces what you paid for, we will tell you in advance.
      </p>

      <h2>Liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, we are not liable for indirect losses, and our
        total liability is limited to the amount your team paid us in the twelve months before the claim.
      </p>

      <h2>Ending</h2>
      <p>
        You may stop using the service and delete your teams at any time. We may suspend accounts that break these
        terms. Questions: legal@listingstudio.example.
      </p>
    </LegalPage>
  )
}
