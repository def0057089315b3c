import type { Json } from '@/lib/database.types'
import { idSchema } from '@/lib/listings/fields'
import { mustHaveRows, parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { removeFiles } from '@/lib/listings/writes'
import type { TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import { draftVideoProps } from './draft'
import { shippedTrackSrc } from './shipped-music'
import { createVideoSchema, saveVideoSchema, validateVideoProps, type CompositionDetails } from './schema'

/*
 * Video writes as the signed-in user: RLS decides the team, validateVideoProps the props. Like
 * lib/listings/writes.ts each takes raw input and parses it here, so the server action and the
 * integration tests run the same checks, and each throws Refusal with a message a person can act on.
 */

export const VIDEO_NOT_FOUND = 'That video no longer exists, or it belongs to another team.'
export const LISTING_NOT_FOUND = 'That property no longer exists, or it belongs to another team.'
export const NO_PHOTOS = 'Add at least one photo to this property first.'
const NOT_YOUR_TEAM = 'You can only change videos of a team you belong to.'

type DbError = { message: string; code?: string; details?: string | null }

/** The videos table's own constraints in the product's words, then the listing rules. */
function refuseVideo(error: DbError, notAllowed = NOT_YOUR_TEAM): never {
  const text = `${error.message} ${error.details ?? ''}`
  if (/videos_voice_id_fkey/.test(text)) {
    throw new Refusal('That voice is no longer available. Choose another one.', { voiceId: 'That voice is no longer available.' })
  }
  if (/videos_listing_fkey/.test(text)) throw new Refusal(LISTING_NOT_FOUND)
  if (/videos_media_refs_check/.test(text)) {
    throw new Refusal('This video uses a file from another team. Choose one of your own photos or tracks.')
  }
  if (/videos_props_check/.test(text)) throw new Refusal('The video needs a property and 1 to 40 scenes, under 256 kB in all.')
  refuse(error, notAllowed)
}

function teamIdOf(raw: unknown): string {
  return parseOrRefuse(idSchema, raw)
}

function validOrRefuse(template: TemplateId, format: VideoFormat, props: unknown, teamId: string) {
  const checked = validateVideoProps(template, format, props, teamId)
  if (!checked.ok) throw new Refusal(checked.error, checked.fieldErrors)
  return checked
}

/**
 * A new draft video for a listing: the listing's photos in order become the scenes, its agent the end
 * card, the chosen library track the music; narration lines from `input.scripts` replace the drafted
 * ones scene by scene (a blank line leaves that scene silent).
 */
export async function createVideo(db: Db, _userId: string, teamId: unknown, listingId: unknown, input: unknown) {
  const team = teamIdOf(teamId)
  const listingKey = parseOrRefuse(idSchema, listingId)
  const values = parseOrRefuse(createVideoSchema, input)

  const [listing, photos, music, voice] = await Promise.all([
    db.from('listings').select('*').eq('id', listingKey).eq('team_id', team).maybeSingle(),
    db.from('media_assets').select('id, path, caption').eq('listing_id', listingKey).eq('team_id', team).eq('kind', 'photo')
      .order('position').order('created_at'),
    values.musicAssetId
      ? db.from('media_assets').select('id, path').eq('id', values.musicAssetId).eq('team_id', team).eq('kind', 'audio').maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    values.voiceId
      ? db.from('voices').select('id').eq('id', values.voiceId).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
  ])
  for (const result of [listing, photos, music, voice]) if (result.error) refuseVideo(result.error)
  if (!listing.data) throw new Refusal(LISTING_NOT_FOUND)
  if (!photos.data?.length) throw new Refusal(NO_PHOTOS)
  if (values.musicAssetId && !music.data) {
    throw new Refusal('That music track is no longer in your library. Choose another one.', {
      musicAssetId: 'That music track is no longer in your library.',
    })
  }
  if (values.voiceId && !voice.data) {
    throw new Refusal('That voice is no longer available. Choose another one.', { voiceId: 'That voice is no longer available.' })
  }
  const agent = listing.data.agent_id
    ? await db.from('agents').select('*').eq('id', listing.data.agent_id).eq('team_id', team).maybeSingle()
    : { data: null, error: null }
  if (agent.error) refuseVideo(agent.error)

  const draft = draftVideoProps({
    listing: listing.data,
    photos: photos.data,
    agent: agent.data,
    template: values.template,
    format: values.format,
    musicPath: music.data?.path ?? null,
    musicSrc: values.musicTrackId ? shippedTrackSrc(values.musicTrackId) : null,
    includeScripts: true,
  })
  const props: VideoProps = values.scripts
    ? {
        ...draft,
        scenes: draft.scenes.map((scene, i) => {
          if (values.scripts![i] === undefined) return scene
          const script = values.scripts![i].trim()
          const { script: _drafted, ...rest } = scene
          return script ? { ...rest, script } : rest
        }),
      }
    : draft
  const checked = validOrRefuse(values.template, values.format, props, team)

  const { data, error } = await db
    .from('videos')
    .insert({
      team_id: team,
      listing_id: listingKey,
      title: values.title,
      template: values.template,
      format: values.format,
      fps: checked.details.fps,
      props: checked.props as unknown as Json,
      voice_id: values.voiceId,
    })
    .select('id')
    .single()
  if (error) refuseVideo(error, 'You can only add videos to a team you belong to.')
  return { id: data.id }
}

export type SavedVideo = { status: 'saved'; version: number; updatedAt: string; details: CompositionDetails }
export type VideoConflict = {
  status: 'conflict'
  current: {
    version: number
    updatedAt: string
    title: string
    template: TemplateId
    format: VideoFormat
    voiceId: string | null
    props: VideoProps
  }
}
export type SaveResult = SavedVideo | VideoConflict

/**
 * Saves the editor's state only if nobody saved since the version it loaded (`expectedVersion`).
 * Otherwise nothing is written and the video comes back as it now is: the editor asks whether to
 * load that version or keep its own (a second save with the newer version as expected).
 */
export async function saveVideo(db: Db, _userId: string, teamId: unknown, videoId: unknown, input: unknown): Promise<SaveResult> {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const values = parseOrRefuse(saveVideoSchema, input)
  const checked = validOrRefuse(values.template, values.format, values.props, team)
  const { data, error } = await db
    .from('videos')
    .update({
      title: values.title,
      template: values.template,
      format: values.format,
      fps: checked.details.fps,
      props: checked.props as unknown as Json,
      voice_id: values.voiceId,
    })
    .eq('id', id)
    .eq('team_id', team)
    .eq('version', values.expectedVersion)
    .select('version, updated_at')
  if (error) refuseVideo(error)
  if (data.length) return { status: 'saved', version: data[0].version, updatedAt: data[0].updated_at, details: checked.details }

  const now = await db
    .from('videos')
    .select('version, updated_at, title, template, format, voice_id, props')
    .eq('id', id)
    .eq('team_id', team)
    .maybeSingle()
  if (now.error) refuseVideo(now.error)
  if (!now.data) throw new Refusal(VIDEO_NOT_FOUND)
  // the other version is parsed like every read: one that no longer fits is not handed to the editor
  const theirs = validateVideoProps(now.data.template, now.data.format, now.data.props, team)
  if (!theirs.ok) throw new Refusal('Someone saved a version of this video that needs repair. Reload the page to repair it.')
  return {
    status: 'conflict',
    current: {
      version: now.data.version,
      updatedAt: now.data.updated_at,
      title: now.data.title,
      template: now.data.template as TemplateId,
      format: now.data.format as VideoFormat,
      voiceId: now.data.voice_id,
      props: theirs.props,
    },
  }
}

/** Deletes the video, then (best effort) its rendered files; returns the listing to go back to. */
export async function deleteVideo(db: Db, _userId: string, teamId: unknown, videoId: unknown) {
  const team = teamIdOf(teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const { data, error } = await db
    .from('videos')
    .delete()
    .eq('id', id)
    .eq('team_id', team)
    .select('listing_id, output_path, thumbnail_path')
  if (error) refuseVideo(error)
  const [row] = mustHaveRows(data, VIDEO_NOT_FOUND)
  await removeFiles(db, [row.output_path, row.thumbnail_path].filter((p): p is string => Boolean(p)))
  return { listingId: row.listing_id }
}
