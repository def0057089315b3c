import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

export const metadata: Metadata = { title: 'Rendering your video', robots: { index: false } }

/**
 * Live progress of one trial render run, for the session that started it. Render runs arrive with
 * the rendering work; until then no run exists and every id is not-found.
 */
export default async function TrialProgressPage({ params }: { params: Promise<{ run_id: string }> }) {
  await params
  notFound()
}
