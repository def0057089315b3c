import type { Tables } from '../../../lib/database.types.ts'
import { draftForVideo, slotsFor, type Draft, type DraftSource } from '../../../lib/narration/draft/index.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../../../lib/videos/draft.ts'
import type { TemplateId } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { agentRow, listingRow, photos } from '../videos/fixtures.ts'

export { agentRow, listingRow, photos }

export const DESCRIPTION =
  'A light-filled flat with a renovated kitchen. It is a short walk to Circular Quay and the ferries, with cafés on the corner. Strata levies apply.'

/** A listing, its photos and agent drafted for a template, every scene `seconds` long when given. */
export function drafted(options: {
  row?: Partial<Tables<'listings'>>
  captions?: (string | null)[]
  count?: number
  template?: TemplateId
  seconds?: number
  agent?: Tables<'agents'> | null
} = {}): { draft: Draft; source: DraftSource; props: VideoProps; template: TemplateId } {
  const template = options.template ?? 'classic-tour'
  const row = listingRow({ description: DESCRIPTION, ...options.row })
  const agent = options.agent === undefined ? agentRow() : options.agent
  const props = draftVideoProps({
    listing: row,
    photos: photos(options.count ?? 6, options.captions ?? []),
    agent,
    template,
    format: 'landscape',
    includeScripts: false,
  })
  if (options.seconds) props.scenes = props.scenes.map((scene) => ({ ...scene, seconds: options.seconds }))
  const source = narrationSource(row, listingForVideo(row), agent)
  return { draft: draftForVideo(source, template, props), source, props, template }
}

export const slotsOf = (d: ReturnType<typeof drafted>) => slotsFor(d.template, d.props)

/** How many times `needle` occurs in all the scripts together. */
export function occurrences(draft: Draft, needle: string | RegExp): number {
  const pattern = typeof needle === 'string' ? new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : needle
  return draft.scenes.reduce((sum, s) => sum + (s.script.match(pattern)?.length ?? 0), 0)
}
