import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

export const metadata: Metadata = { title: 'Trial project', robots: { index: false } }

/**
 * One trial project, visible only to the anonymous session that made it. Trial projects arrive
 * with the trial flow; until one can be created no id exists, so every id is not-found (what a
 * stranger's or an expired project will keep getting).
 */
export default async function TrialProjectPage({ params }: { params: Promise<{ project_id: string }> }) {
  await params
  notFound()
}
