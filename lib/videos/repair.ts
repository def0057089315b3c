import type { Json } from '@/lib/database.types'
import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { isTemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { draftVideoProps } from './draft'
import { validateVideoProps } from './schema'
import { NO_PHOTOS, VIDEO_NOT_FOUND } from './writes'

/*
 * Props in the database are parsed on every read (lib/videos/reads.ts); a row whose props no longer
 * fit its template (written by an older version, or straight through the API) shows "needs repair"
 * instead of crashing the editor. Repair drafts the props again from the listing, as a new video
 * would get them, keeping the title, template, format and voice.
 */

export type RepairResult = { status: 'repaired'; version: number } | { status: 'fine'; version: number }

export async function repairVideo(db: Db, _userId: string, teamId: unknown, videoId: unknown): Promise<RepairResult> {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const video = await db.from('videos').select('id, listing_id, template, format, props, version').eq('id', id).eq('team_id', team).maybeSingle()
  if (video.error) refuse(video.error)
  if (!video.data) throw new Refusal(VIDEO_NOT_FOUND)
  const { template, format, listing_id: listingId } = video.data
  if (!isTemplateId(template) || !(format in VIDEO_FORMATS)) {
    throw new Refusal('This video uses a template or format that no longer exists. Create a new video instead.')
  }
  if (validateVideoProps(template, format, video.data.props, team).ok) return { status: 'fine', version: video.data.version }

  const [listing, photos] = await Promise.all([
    db.from('listings').select('*').eq('id', listingId).eq('team_id', team).maybeSingle(),
    db.from('media_assets').select('id, path, caption').eq('listing_id', listingId).eq('team_id', team).eq('kind', 'photo')
      .order('position').order('created_at'),
  ])
  if (listing.error) refuse(listing.error)
  if (photos.error) refuse(photos.error)
  if (!listing.data) throw new Refusal('That property no longer exists, or it belongs to another team.')
  if (!photos.data.length) throw new Refusal(NO_PHOTOS)
  const agent = listing.data.agent_id
    ? await db.from('agents').select('*').eq('id', listing.data.agent_id).eq('team_id', team).maybeSingle()
    : { data: null, error: null }
  if (agent.error) refuse(agent.error)

  const props = draftVideoProps({
    listing: listing.data,
    photos: photos.data,
    agent: agent.data,
    template,
    format: format as VideoFormat,
    musicPath: null,
    includeScripts: true,
  })
  const checked = validateVideoProps(template, format, props, team)
  if (!checked.ok) throw new Refusal(checked.error, checked.fieldErrors)
  const { data, error } = await db
    .from('videos')
    .update({ props: checked.props as unknown as Json, fps: checked.details.fps })
    .eq('id', id)
    .eq('team_id', team)
    .eq('version', video.data.version)
    .select('version')
  if (error) refuse(error)
  if (!data.length) throw new Refusal('The video changed while it was being repaired. Reload the page and try again.')
  return { status: 'repaired', version: data[0].version }
}
