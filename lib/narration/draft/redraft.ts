import 'server-only'
import { z } from 'zod'
import { parseOrRefuse, Refusal, type Db } from '@/lib/listings/refusal'
import { listingForVideo, narrationSource } from '@/lib/videos/draft'
import { TEMPLATE_IDS, TEMPLATES } from '@/remotion/catalog'
import { draftForVideo, slotsFor } from './index'
import { polishDraft } from './llm'
import { narrationModelConfig } from './llm-config'

/*
 * "Redraft scripts" in the editor: drafts every scene's narration again from the listing as it is
 * now (its facts, its description, the end card's agent) with the timing of the video as it is in
 * the editor (template, scenes and their seconds), polished by the hosted model when one is
 * configured. Nothing is stored here: the editor applies the lines to the scenes whose script is
 * untouched (or to all, when the person asks) and autosave stores them like any other change.
 */

export const redraftSchema = z.object({
  template: z.enum(TEMPLATE_IDS as [string, ...string[]], { message: 'Choose a template.' }),
  props: z.unknown(),
})

export type RedraftResult = {
  scenes: { id: string; script: string }[]
  /** 'model': the hosted model's polish passed the checks; 'rules': the deterministic draft */
  by: 'model' | 'rules'
  /** true when a model is configured but its answer was set aside (it added or dropped facts, timed out…) */
  modelSetAside: boolean
  /** what fit no scene, in words for the person ("the year built") */
  omitted: string[]
  /** the listing's language has no phrasebook yet: the lines are English */
  english: boolean
}

export async function redraftVideoScripts(
  db: Db,
  _userId: string,
  teamId: unknown,
  videoId: unknown,
  raw: unknown,
  fetcher: typeof fetch = fetch,
): Promise<RedraftResult> {
  const ids = z.object({ teamId: z.uuid(), videoId: z.uuid() }).safeParse({ teamId, videoId })
  if (!ids.success) throw new Refusal('That video does not exist, or it belongs to another team.')
  const input = parseOrRefuse(redraftSchema, raw)
  const template = input.template as keyof typeof TEMPLATES
  const props = TEMPLATES[template].schema.safeParse(input.props)
  if (!props.success) throw new Refusal('The video has changes that are not valid yet. Fix them, then redraft.')

  const video = await db.from('videos').select('id, listing_id').eq('id', ids.data.videoId).eq('team_id', ids.data.teamId).maybeSingle()
  if (video.error || !video.data) throw new Refusal('That video does not exist, or it belongs to another team.')
  const listing = await db.from('listings').select('*').eq('id', video.data.listing_id).eq('team_id', ids.data.teamId).maybeSingle()
  if (listing.error || !listing.data) throw new Refusal('That video’s property no longer exists.')

  const source = narrationSource(listing.data, listingForVideo(listing.data), props.data.agent ?? null)
  const draft = draftForVideo(source, template, props.data)
  const config = narrationModelConfig()
  const polished = config ? await polishDraft(draft, source, slotsFor(template, props.data), config, fetcher) : null
  const scripts = polished?.scripts ?? draft.scenes.map((s) => s.script)
  return {
    scenes: props.data.scenes.map((scene, i) => ({ id: scene.id, script: scripts[i] ?? '' })),
    by: polished?.by ?? 'rules',
    modelSetAside: Boolean(config && polished?.by === 'rules' && polished.problems?.length),
    omitted: draft.left.map((l) => l.label),
    english: draft.fellBack,
  }
}
