import { createHash } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { RENDERS_BUCKET } from '@/lib/render/outcome'
import { collectMediaRefs, isMediaRef, refPath } from '@/lib/videos/media-refs'
import type { VideoProps } from '@/remotion/schema'
import { root } from '../remotion-local'

/*
 * Where cached segments live (issue 28): the files in the private `renders` bucket under
 * {team}/segments/{video}/{key}.mov (or .wav for a render's sound), a row each in
 * public.render_segments (service key only). Lookups are by team and key, so a team can only ever
 * be served its own segments, and the team is part of the key as well. Upkeep (purge) runs hourly.
 */

type Db = SupabaseClient<Database>

export type SegmentKind = 'video' | 'audio'

const rowSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(['video', 'audio']),
  path: z.string().min(1),
  frames: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
})
export type CachedSegment = z.infer<typeof rowSchema>

const versionsSchema = z.array(z.object({ path: z.string(), version: z.string() }))
const pathsSchema = z.array(z.object({ path: z.string().min(1) }))

/** Segments unused this long go (a video edited again within a fortnight still finds its segments). */
export const SEGMENT_MAX_AGE = '14 days'
/** The cache a team may hold (least recently used segments go first): about 25 minutes of 1080p video. */
export const TEAM_CACHE_BYTES = 1024 ** 3

export const segmentPath = (teamId: string, videoId: string, key: string, kind: SegmentKind) =>
  `${teamId}/segments/${videoId}/${key}.${kind === 'video' ? 'mov' : 'wav'}`

export class SegmentStore {
  private readonly bundled = new Map<string, Promise<string>>()

  constructor(private readonly db: Db) {}

  /**
   * Each media source of the props → what its content is now: a library file's storage object
   * (id, ETag, last write), a bundled file's SHA-256. A source with no file gets no version (the
   * render then fails on it as it would without the cache).
   */
  async mediaVersions(props: VideoProps): Promise<Record<string, string>> {
    const versions: Record<string, string> = {}
    const refs = collectMediaRefs(props)
    if (refs.length) {
      const { data, error } = await this.db.rpc('media_versions', { p_paths: refs.map(refPath) })
      if (error) throw new Error(`reading media versions failed: ${error.message}`)
      const byPath = new Map(versionsSchema.parse(data ?? []).map((row) => [row.path, row.version]))
      for (const ref of refs) {
        const version = byPath.get(refPath(ref))
        if (version) versions[ref] = version
      }
    }
    for (const src of bundledSources(props)) {
      const version = await this.bundledVersion(src)
      if (version) versions[src] = version
    }
    return versions
  }

  private bundledVersion(src: string): Promise<string> {
    let version = this.bundled.get(src)
    if (!version) {
      const file = path.join(root, 'public', path.normalize(src).replace(/^(\.\.[/\\])+/, ''))
      version = readFile(file).then((bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 32), () => '')
      this.bundled.set(src, version)
    }
    return version
  }

  /** The team's cached segments among `keys`, marked as used now. */
  async found(teamId: string, keys: string[]): Promise<Map<string, CachedSegment>> {
    if (!keys.length) return new Map()
    const { data, error } = await this.db
      .from('render_segments')
      .update({ last_used_at: new Date().toISOString() })
      .eq('team_id', teamId)
      .in('key', keys)
      .select('key, kind, path, frames, bytes')
    if (error) throw new Error(`reading the render cache failed: ${error.message}`)
    return new Map(z.array(rowSchema).parse(data ?? []).map((row) => [row.key, row]))
  }

  async download(segment: CachedSegment, file: string): Promise<void> {
    const { data, error } = await this.db.storage.from(RENDERS_BUCKET).download(segment.path)
    if (error || !data) throw new Error(`reading a cached segment failed: ${error?.message ?? 'no data'}`)
    await writeFile(file, Buffer.from(await data.arrayBuffer()))
  }

  /** Stores a freshly rendered segment: the file first, then its row (a row never points at nothing). */
  async put(entry: { teamId: string; videoId: string; key: string; kind: SegmentKind; frames: number; speculative: boolean }, file: string): Promise<number> {
    const filePath = segmentPath(entry.teamId, entry.videoId, entry.key, entry.kind)
    const bytes = (await stat(file)).size
    const up = await this.db.storage.from(RENDERS_BUCKET).upload(filePath, await readFile(file), {
      contentType: entry.kind === 'video' ? 'video/quicktime' : 'audio/wav',
      upsert: true,
    })
    if (up.error) throw new Error(`storing a segment failed: ${up.error.message}`)
    const { error } = await this.db.from('render_segments').upsert(
      { team_id: entry.teamId, video_id: entry.videoId, key: entry.key, kind: entry.kind, path: filePath, bytes, frames: entry.frames, speculative: entry.speculative },
      { onConflict: 'team_id,key', ignoreDuplicates: true },
    )
    if (error) throw new Error(`recording a segment failed: ${error.message}`)
    return bytes
  }

  /** The hourly upkeep: expired and over-budget segments, and files whose video or team is gone. */
  async purge(maxAge = SEGMENT_MAX_AGE, teamBytes = TEAM_CACHE_BYTES): Promise<{ files: number }> {
    const { data, error } = await this.db.rpc('purge_render_segments', { p_max_age: maxAge, p_team_bytes: teamBytes })
    if (error) throw new Error(`purging the render cache failed: ${error.message}`)
    const paths = [...new Set(pathsSchema.parse(data ?? []).map((row) => row.path))]
    let files = 0
    for (let i = 0; i < paths.length; i += 100) {
      const removed = await this.db.storage.from(RENDERS_BUCKET).remove(paths.slice(i, i + 100))
      if (removed.error) throw new Error(`removing cached segments failed: ${removed.error.message}`)
      files += removed.data?.length ?? 0
    }
    return { files }
  }
}

/** The props' bundled files (`/music/…`, `/remotion/…`): their bytes are part of the keys too. */
function bundledSources(props: VideoProps): string[] {
  const all = [
    ...props.scenes.flatMap((s) => [s.src, s.narration?.src]),
    props.agent?.photoSrc, props.agent?.logoSrc, props.music?.src, props.narration?.src,
  ]
  return [...new Set(all.filter((src): src is string => typeof src === 'string' && src.startsWith('/') && !isMediaRef(src)))]
}
