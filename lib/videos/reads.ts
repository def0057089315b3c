import { z } from 'zod'
import type { Tables } from '@/lib/database.types'
import { idSchema } from '@/lib/listings/fields'
import { refuse, type Db } from '@/lib/listings/refusal'
import { signedUrls } from '@/lib/media/urls'
import { sampleUrl } from '@/lib/voices/queries'
import { TEMPLATE_IDS, TEMPLATES, isTemplateId, timelineFor, type TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import { draftVideoProps } from './draft'
import { collectMediaRefs, isMediaRef, mediaRef, refPath } from './media-refs'
import { validateVideoProps, type CompositionDetails, type VideoStatus } from './schema'

/*
 * Video reads as the signed-in user (RLS decides what exists). Props are stored with `media:` refs;
 * every read that hands props to a page also hands a `urls` map (ref → signed URL) for
 * withMediaUrls. Rows keep the table's snake_case names; added values are snake_case too, except the
 * editor's lists, which the contract names in camelCase (ref, url, thumbUrl).
 */

export type VideoRow = Tables<'videos'>

export type VideoSummary = {
  id: string
  listing_id: string
  title: string
  template: TemplateId
  format: VideoFormat
  status: VideoStatus
  created_at: string
  updated_at: string
  /** length of the timeline in seconds; null when the stored props no longer fit the template */
  seconds: number | null
  /** signed thumbnail of the first scene's photo (or its public URL); null when there is none */
  thumb_url: string | null
}

export type RecentVideo = VideoSummary & { listing_title: string }

export type VideoDetail = VideoRow & {
  template: TemplateId
  format: VideoFormat
  status: VideoStatus
  /** as stored: parse it with the template's schema (validateVideoProps) before use */
  props: unknown
  listing: Tables<'listings'>
  /** ref → signed URL for every media ref in the props */
  urls: Record<string, string>
  /** size and length as rendered; null when the stored props no longer fit the template */
  details: CompositionDetails | null
}

export type EditorPhoto = { id: string; path: string; ref: string; url: string | null; thumbUrl: string | null; caption: string | null }
export type EditorAudio = { id: string; name: string; ref: string; url: string | null; duration_s: number | null }
export type EditorAgent = Tables<'agents'> & { photoRef: string | null; logoRef: string | null }
export type VoiceOption = Pick<Tables<'voices'>, 'id' | 'name' | 'language' | 'gender' | 'provider_voice_id'> & { sampleUrl: string | null }

export type EditorData = {
  video: VideoDetail
  listing: Tables<'listings'>
  /** the listing's photos in order */
  photos: EditorPhoto[]
  /** the team's library audio, newest first */
  audio: EditorAudio[]
  agents: EditorAgent[]
  voices: VoiceOption[]
  /** every ref above plus every ref in the props */
  urls: Record<string, string>
}

export type CreateVideoData = {
  listing: Tables<'listings'>
  photos: EditorPhoto[]
  /** the listing's agent (its end card), or null */
  agent: EditorAgent | null
  audio: EditorAudio[]
  voices: VoiceOption[]
  urls: Record<string, string>
  /** the first draft per template (landscape, no music, its scenes' scripts drafted for its pacing), for the thumbnails */
  draft: Record<TemplateId, VideoProps>
  /** the voice of the team's newest video that has one (the create page's default voice), or null */
  teamVoiceId: string | null
  /** the drafted narration for the first template, one line per photo */
  scripts: string[]
}

const SUMMARY_COLUMNS = 'id, listing_id, title, template, format, status, created_at, updated_at, props'

const valid = (...ids: string[]) => ids.every((id) => idSchema.safeParse(id).success)

function secondsOf(template: string, props: unknown): number | null {
  if (!isTemplateId(template)) return null
  const parsed = TEMPLATES[template].schema.safeParse(props)
  if (!parsed.success) return null
  const timeline = timelineFor(template, parsed.data)
  return timeline.durationInFrames / timeline.fps
}

function firstSceneSrc(props: unknown): string | null {
  const scenes = (props as { scenes?: { src?: unknown }[] } | null)?.scenes
  const src = Array.isArray(scenes) ? scenes[0]?.src : null
  return typeof src === 'string' ? src : null
}

/** ref → URL as a plain object (it crosses the server/client boundary). */
function toRecord(refs: string[], urls: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const ref of refs) {
    const url = urls.get(refPath(ref))
    if (url) out[ref] = url
  }
  return out
}

type SummarySource = Pick<VideoRow, 'id' | 'listing_id' | 'title' | 'template' | 'format' | 'status' | 'created_at' | 'updated_at' | 'props'>

/** Adds duration and the first scene's thumbnail (one media lookup and one signing for all rows). */
async function summarise(db: Db, teamId: string, rows: SummarySource[]): Promise<VideoSummary[]> {
  const firsts = rows.map((r) => firstSceneSrc(r.props))
  const paths = [...new Set(firsts.filter(isMediaRef).map(refPath))]
  const thumbs = new Map<string, string>()
  if (paths.length) {
    const { data, error } = await db.from('media_assets').select('path, thumb_path').eq('team_id', teamId).in('path', paths)
    if (error) refuse(error)
    for (const a of data ?? []) thumbs.set(a.path, a.thumb_path ?? a.path)
  }
  const urls = await signedUrls(db, paths.map((p) => thumbs.get(p) ?? p))
  return rows.map((r, i) => {
    const src = firsts[i]
    let thumb: string | null = null
    if (src && isMediaRef(src)) {
      const path = refPath(src)
      thumb = urls.get(thumbs.get(path) ?? path) ?? null
    } else if (src && (src.startsWith('/') || /^https?:\/\//.test(src))) {
      thumb = src
    }
    return {
      id: r.id,
      listing_id: r.listing_id,
      title: r.title,
      template: r.template as TemplateId,
      format: r.format as VideoFormat,
      status: r.status as VideoStatus,
      created_at: r.created_at,
      updated_at: r.updated_at,
      seconds: secondsOf(r.template, r.props),
      thumb_url: thumb,
    }
  })
}

/** The listing's videos, newest first. */
export async function fetchListingVideos(db: Db, teamId: string, listingId: string): Promise<VideoSummary[]> {
  if (!valid(teamId, listingId)) return []
  const { data, error } = await db
    .from('videos')
    .select(SUMMARY_COLUMNS)
    .eq('team_id', teamId)
    .eq('listing_id', listingId)
    .order('created_at', { ascending: false })
    .order('id')
  if (error) refuse(error)
  return summarise(db, teamId, data ?? [])
}

/** The team's most recently changed videos, with their listing's title (dashboard home). */
export async function fetchRecentVideos(db: Db, teamId: string, limit = 6): Promise<RecentVideo[]> {
  if (!valid(teamId)) return []
  const { data, error } = await db
    .from('videos')
    .select(`${SUMMARY_COLUMNS}, listings(title)`)
    .eq('team_id', teamId)
    .order('updated_at', { ascending: false })
    .order('id')
    .limit(Math.max(1, Math.min(50, Math.floor(limit))))
  if (error) refuse(error)
  const rows = (data ?? []) as unknown as (SummarySource & { listings: { title: string } | null })[]
  const summaries = await summarise(db, teamId, rows)
  return summaries.map((s, i) => ({ ...s, listing_title: rows[i].listings?.title ?? '' }))
}

/** Per-listing video counts for the listings list (one request). */
export async function countVideosByListing(db: Db, teamId: string, listingIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (!listingIds.length || !valid(teamId)) return counts
  const { data, error } = await db.from('videos').select('listing_id').eq('team_id', teamId).in('listing_id', listingIds)
  if (error) refuse(error)
  for (const row of data ?? []) counts.set(row.listing_id, (counts.get(row.listing_id) ?? 0) + 1)
  return counts
}

async function loadVideo(db: Db, teamId: string, listingId: string, videoId: string) {
  const [video, listing] = await Promise.all([
    db.from('videos').select('*').eq('id', videoId).eq('team_id', teamId).eq('listing_id', listingId).maybeSingle(),
    db.from('listings').select('*').eq('id', listingId).eq('team_id', teamId).maybeSingle(),
  ])
  if (video.error) refuse(video.error)
  if (listing.error) refuse(listing.error)
  if (!video.data || !listing.data) return null
  return { video: video.data, listing: listing.data }
}

function detailOf(video: VideoRow, listing: Tables<'listings'>, urls: Record<string, string>): VideoDetail {
  const checked = validateVideoProps(video.template, video.format, video.props)
  return {
    ...video,
    template: video.template as TemplateId,
    format: video.format as VideoFormat,
    status: video.status as VideoStatus,
    props: video.props,
    listing,
    urls,
    details: checked.ok ? checked.details : null,
  }
}

/** The video with its listing and signed URLs for its media, or null (the page shows not-found). */
export async function fetchVideo(db: Db, teamId: string, listingId: string, videoId: string): Promise<VideoDetail | null> {
  if (!valid(teamId, listingId, videoId)) return null
  const loaded = await loadVideo(db, teamId, listingId, videoId)
  if (!loaded) return null
  const refs = collectMediaRefs(loaded.video.props)
  const urls = toRecord(refs, await signedUrls(db, refs.map(refPath)))
  return detailOf(loaded.video, loaded.listing, urls)
}

type Library = { photos: Tables<'media_assets'>[]; audio: Tables<'media_assets'>[]; voices: VoiceOption[] }

async function loadLibrary(db: Db, teamId: string, listingId: string): Promise<Library> {
  const [photos, audio, voices] = await Promise.all([
    db.from('media_assets').select('*').eq('listing_id', listingId).eq('team_id', teamId).eq('kind', 'photo')
      .order('position').order('created_at'),
    db.from('media_assets').select('*').eq('team_id', teamId).eq('kind', 'audio').order('created_at', { ascending: false }).limit(200),
    db.from('voices').select('id, name, language, gender, provider_voice_id, sample_path').eq('is_active', true).order('sort_order').order('name'),
  ])
  if (photos.error) refuse(photos.error)
  if (audio.error) refuse(audio.error)
  if (voices.error) refuse(voices.error)
  const voiceOptions = voices.data.map(({ sample_path, ...voice }) => ({ ...voice, sampleUrl: sampleUrl(db, sample_path) }))
  return { photos: photos.data, audio: audio.data, voices: voiceOptions }
}

const agentWithRefs = (a: Tables<'agents'>): EditorAgent => ({
  ...a,
  photoRef: a.photo_path ? mediaRef(a.photo_path) : null,
  logoRef: a.logo_path ? mediaRef(a.logo_path) : null,
})

/** Signs everything a page shows at once; returns the lists with URLs and the ref → URL record. */
async function withUrls(db: Db, lib: Library, agents: EditorAgent[], extraRefs: string[]) {
  const refs = [
    ...lib.photos.map((p) => mediaRef(p.path)),
    ...lib.audio.map((a) => mediaRef(a.path)),
    ...agents.flatMap((a) => [a.photoRef, a.logoRef]).filter((r): r is string => Boolean(r)),
    ...extraRefs,
  ]
  const urls = await signedUrls(db, [...refs.map(refPath), ...lib.photos.map((p) => p.thumb_path)])
  const photos: EditorPhoto[] = lib.photos.map((p) => ({
    id: p.id,
    path: p.path,
    ref: mediaRef(p.path),
    url: urls.get(p.path) ?? null,
    thumbUrl: urls.get(p.thumb_path ?? p.path) ?? null,
    caption: p.caption,
  }))
  const audio: EditorAudio[] = lib.audio.map((a) => ({
    id: a.id,
    name: a.name,
    ref: mediaRef(a.path),
    url: urls.get(a.path) ?? null,
    duration_s: a.duration_s === null ? null : Number(a.duration_s),
  }))
  return { photos, audio, urls: toRecord([...new Set(refs)], urls) }
}

/** Everything the editor needs in one go, or null when the video is not the team's. */
export async function fetchEditorData(db: Db, teamId: string, listingId: string, videoId: string): Promise<EditorData | null> {
  if (!valid(teamId, listingId, videoId)) return null
  // one round trip for the three (the editor opens on them: npm run bench:editor)
  const [loaded, lib, agents] = await Promise.all([
    loadVideo(db, teamId, listingId, videoId),
    loadLibrary(db, teamId, listingId),
    db.from('agents').select('*').eq('team_id', teamId).order('full_name'),
  ])
  if (!loaded) return null
  if (agents.error) refuse(agents.error)
  const agentRows = agents.data.map(agentWithRefs)
  const propRefs = collectMediaRefs(loaded.video.props)
  const { photos, audio, urls } = await withUrls(db, lib, agentRows, propRefs)
  return {
    video: detailOf(loaded.video, loaded.listing, toPropsUrls(propRefs, urls)),
    listing: loaded.listing,
    photos,
    audio,
    agents: agentRows,
    voices: lib.voices,
    urls,
  }
}

function toPropsUrls(refs: string[], urls: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const ref of refs) if (urls[ref]) out[ref] = urls[ref]
  return out
}

/** The create-video page: the listing, its photos and agent, library audio, voices and the drafts. */
export async function fetchCreateVideoData(db: Db, teamId: string, listingId: string): Promise<CreateVideoData | null> {
  if (!valid(teamId, listingId)) return null
  const { data: listing, error } = await db.from('listings').select('*').eq('id', listingId).eq('team_id', teamId).maybeSingle()
  if (error) refuse(error)
  if (!listing) return null
  const [lib, agentRow, lastVoice] = await Promise.all([
    loadLibrary(db, teamId, listingId),
    listing.agent_id
      ? db.from('agents').select('*').eq('id', listing.agent_id).eq('team_id', teamId).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
    db.from('videos').select('voice_id').eq('team_id', teamId).not('voice_id', 'is', null).order('created_at', { ascending: false }).limit(1),
  ])
  if (agentRow.error) refuse(agentRow.error)
  if (lastVoice.error) refuse(lastVoice.error)
  const teamVoiceId = z.uuid().nullable().catch(null).parse(lastVoice.data?.[0]?.voice_id ?? null)
  const agent = agentRow.data ? agentWithRefs(agentRow.data) : null
  const { photos, audio, urls } = await withUrls(db, lib, agent ? [agent] : [], [])
  const draftPhotos = lib.photos.map((p) => ({ id: p.id, path: p.path, caption: p.caption }))
  // each template's draft carries its own scripts (its pacing gives its scenes their seconds)
  const draft = Object.fromEntries(
    TEMPLATE_IDS.map((template) => [
      template,
      draftVideoProps({ listing, photos: draftPhotos, agent: agentRow.data, template, format: 'landscape', includeScripts: true }),
    ]),
  ) as Record<TemplateId, VideoProps>
  const scripts = draft[TEMPLATE_IDS[0]].scenes.map((scene) => scene.script ?? '')
  return { listing, photos, agent, audio, voices: lib.voices, urls, draft, scripts, teamVoiceId }
}
