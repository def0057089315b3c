import type { Tables } from '@/lib/database.types'
import { listingForVideo, narrationSource, type ListingFacts } from '@/lib/videos/draft'
import type { TemplateId } from '@/remotion/catalog'
import type { VideoProps } from '@/remotion/schema'
import { draftForVideo } from './index'

/*
 * What each template's draft could not fit, named for the create page ("Not in the narration: the
 * floor area (48 m²); Dishwasher; “It is a five-minute walk…”"). Pure: the same draft the page's
 * scripts come from (lib/videos/draft.ts drafts them with draftForVideo too).
 */
export function leftOutByTemplate(
  row: ListingFacts,
  drafts: Record<TemplateId, VideoProps>,
  agent: Tables<'agents'> | null,
): Record<TemplateId, string[]> {
  const source = narrationSource(row, listingForVideo(row), agent)
  return Object.fromEntries(
    (Object.keys(drafts) as TemplateId[]).map((template) => [template, draftForVideo(source, template, drafts[template]).left.map((l) => l.label)]),
  ) as Record<TemplateId, string[]>
}
