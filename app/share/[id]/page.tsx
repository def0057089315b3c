import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

export const metadata: Metadata = { title: 'Shared video', robots: { index: false } }

/**
 * A shared video's public page. Videos (and their unguessable share ids) arrive with the videos
 * issue; until a video can be shared, no id is known, so every id is not-found — the same answer
 * an unshared or unknown video will keep getting.
 */
export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  await params
  notFound()
}
