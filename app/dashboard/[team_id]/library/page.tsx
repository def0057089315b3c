import type { Metadata } from 'next'
import Link from 'next/link'
import { Images } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Pagination } from '@/components/listings/pagination'
import { LibraryGrid } from '@/components/media/library-grid'
import { LibraryUpload } from '@/components/media/library-upload'
import { LibraryVoices } from '@/components/media/library-voices'
import type { MediaKind } from '@/lib/constants'
import type { Db } from '@/lib/listings/refusal'
import { listLibrary } from '@/lib/media/queries'
import { createClient } from '@/lib/supabase/server'
import { requireTeam } from '@/lib/teams/context'
import { listActiveVoices } from '@/lib/voices/queries'

export const metadata: Metadata = { title: 'Library' }

const TABS = [
  ['photo', 'Photos'],
  ['video', 'Videos'],
  ['audio', 'Audio'],
  ['logo', 'Logos'],
  ['voices', 'Voices'],
] as const
type Tab = (typeof TABS)[number][0]

const EMPTY: Record<MediaKind, string> = {
  photo: 'Listing photos land here when you register a property; you can also upload photos directly.',
  video: 'Upload clips to use in your videos; rendered videos appear with their listing.',
  audio: 'Upload music beds or voice-overs (MP3, WAV, M4A, AAC or OGG).',
  logo: 'Upload brokerage and agent logos for the end cards.',
}

export default async function LibraryPage({ params, searchParams }: { params: Promise<{ team_id: string }>; searchParams: Promise<{ kind?: string; page?: string }> }) {
  const { team } = await requireTeam((await params).team_id)
  const query = await searchParams
  const tab: Tab = TABS.some(([value]) => value === query.kind) ? (query.kind as Tab) : 'photo'
  const base = `/dashboard/${team.id}/library`
  const label = TABS.find(([value]) => value === tab)![1]

  return (
    <>
      <PageHeader title="Library" description="Your team's photos, videos, audio, logos and voices in one place." />
      <nav aria-label="Library sections" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-border">
          {TABS.map(([value, name]) => (
            <li key={value}>
              <Link
                href={value === 'photo' ? base : `${base}?kind=${value}`}
                aria-current={tab === value ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  tab === value ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'voices' ? (
        <LibraryVoices voices={await listActiveVoices((await createClient()) as unknown as Db)} />
      ) : (
        <KindSection teamId={team.id} kind={tab} label={label} page={query.page} base={base} />
      )}
    </>
  )
}

async function KindSection({ teamId, kind, label, page, base }: { teamId: string; kind: MediaKind; label: string; page?: string; base: string }) {
  const { rows, total, filter } = await listLibrary(teamId, { kind, page })
  return (
    <div className="space-y-4">
      <LibraryUpload teamId={teamId} kind={kind} label={label} />
      {rows.length ? (
        <LibraryGrid
          teamId={teamId}
          items={rows.map((r) => ({
            id: r.id,
            kind: r.kind,
            name: r.name,
            bytes: r.bytes,
            width: r.width,
            height: r.height,
            url: r.url,
            thumbUrl: r.thumb_url,
            usage: r.usage,
          }))}
        />
      ) : (
        <EmptyState icon={<Images />} title={`No ${label.toLowerCase()} yet`} description={EMPTY[kind]} />
      )}
      <Pagination page={filter.page} pageSize={filter.pageSize} total={total} params={kind === 'photo' ? {} : { kind }} basePath={base} />
    </div>
  )
}
