import type { Metadata, Viewport } from 'next'
import localFont from 'next/font/local'
import { connection } from 'next/server'
import { Suspense, type ReactNode } from 'react'
import { Observability } from '@/components/observability/observability'
import { Toaster } from '@/components/ui/toaster'
import { siteUrl } from '@/lib/env'
import { browserObservability } from '@/lib/observability/request'
import './globals.css'

// Shipped with the app (from @fontsource-variable/inter): builds and pages never fetch fonts.
const inter = localFont({
  // upright only: the interface sets no italics, and a second preloaded file (52 KB) delayed the
  // first paint on a phone connection (Lighthouse, `npm run lighthouse`)
  src: [{ path: './fonts/InterVariable-latin.woff2', weight: '100 900', style: 'normal' }],
  variable: '--font-inter',
  // optional: used when it arrives within the first ~100 ms (always once cached), else the page keeps
  // the fallback, so no text re-wraps under the reader. With swap, the landing page's hero re-wrapped
  // when Inter arrived and moved the illustration below it (CLS 0.057: docs/sharing.md); next/font's
  // size-matched fallback names local("Arial"), which Linux and Android do not have
  display: 'optional',
  // not preloaded: it would compete with the document for a phone's first round trips (npm run lighthouse)
  preload: false,
})

const DESCRIPTION =
  'Real-estate teams turn a property listing into a branded, narrated video in minutes: preview it live, render it to MP4 and share it.'

// relative canonical and Open Graph URLs resolve against the configured site address, never the request's
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: 'Listing Studio — property videos in minutes', template: '%s · Listing Studio' },
    description: DESCRIPTION,
    applicationName: 'Listing Studio',
    openGraph: { type: 'website', siteName: 'Listing Studio', description: DESCRIPTION },
    twitter: { card: 'summary' },
  }
}

export const viewport: Viewport = {
  themeColor: '#ffffff',
  width: 'device-width',
  initialScale: 1,
}

function observability() {
  return browserObservability().catch((error: unknown) => {
    console.error('[observability] the browser configuration could not be made; nothing is loaded', error)
    return null
  })
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which a
  // page prerendered at build time could not
  await connection()
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh">
        {children}
        <Toaster />
        {/* analytics and error reporting: streamed in after the page, loaded only when configured (docs/observability.md) */}
        <Suspense fallback={null}>
          <Observability config={observability()} />
        </Suspense>
      </body>
    </html>
  )
}
