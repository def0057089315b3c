import type { Metadata, Viewport } from 'next'
import localFont from 'next/font/local'
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { ClientSetup } from '@/components/client-setup'
import { Toaster } from '@/components/ui/toaster'
import { siteUrl } from '@/lib/env'
import './globals.css'

// Shipped with the app (from @fontsource-variable/inter): builds and pages never fetch fonts.
const inter = localFont({
  // upright only: the interface sets no italics, and a second preloaded file (52 KB) delayed the
  // first paint on a phone connection (Lighthouse, `npm run lighthouse`)
  src: [{ path: './fonts/InterVariable-latin.woff2', weight: '100 900', style: 'normal' }],
  variable: '--font-inter',
  display: 'swap',
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

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which a
  // page prerendered at build time could not
  await connection()
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh">
        <ClientSetup />
        {children}
        <Toaster />
      </body>
    </html>
  )
}
