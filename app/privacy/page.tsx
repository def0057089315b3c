import type { Metadata } from 'next'
import Link from 'next/link'
import { LegalPage } from '@/components/site/legal-page'

export const metadata: Metadata = {
  title: 'Privacy policy',
  description: 'What Listing Studio collects, why, which outside services receive what, and your choices.',
  alternates: { canonical: '/privacy' },
}

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy policy" updated="25 November 2026">
      <p>
        Listing Studio helps real-estate teams turn property listings into videos. This policy explains what personal
        data we handle when you use the website and the app, why, who helps us process it, and the choices you have.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data</strong>: your email address, password (stored only as a salted hash), name and optional
          profile picture, and the teams you belong to with your role in each.
        </li>
        <li>
          <strong>Content you add</strong>: listings (addresses, prices, facts, descriptions), photos, agent details
          such as names, phone numbers and logos, narration scripts, and the videos made from them.
        </li>
        <li>
          <strong>Trial data</strong>: if you try the product without an account, we create an anonymous session (a
          cookie in your browser) and keep what you enter — the property&apos;s facts, your photos and the trial video —
          for 7 days unless you sign up and keep it. Facts you have typed but not yet saved stay only in your
          browser&apos;s local storage. We count trial starts per network address for an hour to stop abuse.
        </li>
        <li>
          <strong>Usage and device data</strong>: pages visited, actions taken, browser and device type, and error
          reports, when analytics or error reporting is enabled.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To provide the service: sign you in, keep your team&apos;s work, render and host your videos.</li>
        <li>To send the emails the service needs: sign-up confirmation, password resets and team invitations.</li>
        <li>To keep the service secure and working: preventing abuse, rate limiting, fixing errors.</li>
        <li>To improve the product, using aggregated usage analytics.</li>
      </ul>
      <p>We do not sell personal data and we do not use your listings or videos to advertise to anyone.</p>

      <h2>Who processes data for us</h2>
      <ul>
        <li>
          <strong>Supabase</strong> hosts our database, sign-in, file storage and realtime updates. Your account, team
          content, photos and videos are stored there.
        </li>
        <li>
          <strong>Cloudflare Turnstile or hCaptcha</strong>, when we turn on a human check for sign-in, sign-up and
          starting a trial, receives the technical signals of your browser that the check needs and your network
          address; it tells us only whether the check passed.
        </li>
        <li>
          <strong>PostHog</strong> provides product analytics, session replay (the layout of the pages and
          your clicks, with every word on them and everything you type masked, and page addresses without their query)
          and feature flags. It receives usage events and an anonymous device identifier and,
          once you sign in, your account and team identifiers — never your name or email. You can turn it off on your
          profile page, and it stays off in browsers that send Do Not Track or Global Privacy Control.
        </li>
        <li>
          <strong>Sentry</strong> receives error reports and performance traces so we can find and fix problems. Reports
          can include the page address, technical details of your browser and your account and team identifiers —
          never your name or email.
        </li>
        <li>
          <strong>Remotion Lambda</strong>, running on Amazon Web Services, renders videos at scale. It receives the
          photos, text and settings of the video being rendered, and nothing else about your account.
        </li>
        <li>
          <strong>A hosted text-to-speech provider</strong> turns narration scripts into spoken audio. It receives the
          script text only.
        </li>
      </ul>
      <p>Each of these services acts on our instructions under a data processing agreement.</p>

      <h2>Public pages</h2>
      <p>
        A video is public only when someone on your team turns on sharing. Its share page then shows the video, the
        listing facts chosen for it and the agent&apos;s contact details. Turning sharing off removes the page. If your
        team also submits it to the showcase and our editors approve it, it is listed on the public showcase page;
        turning sharing off removes it from there too.
      </p>

      <h2>How long we keep data</h2>
      <p>
        We keep your data while your account exists. Trial projects are deleted after 7 days. When you delete a team or
        your account, its content is deleted from our systems within 30 days and from backups within 90 days.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your profile in the app at any time. You may ask us for a copy of your data, for its
        deletion, or object to its use, by writing to privacy@listingstudio.example. You may also complain to your data
        protection authority.
      </p>

      <h2>Cookies</h2>
      <p>
        We use cookies that are needed to keep you signed in. Analytics cookies are set only when analytics is enabled
        and you have not turned it off; if you turn it off, a cookie remembers that in your browser.
      </p>

      <p>
        See also our <Link href="/terms">terms of service</Link>.
      </p>
    </LegalPage>
  )
}
