import { z } from 'zod'
import { TEMPLATES, TEMPLATE_IDS, isTemplateId, timelineFor, type TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, VIDEO_FORMAT_IDS, VIDEO_SECONDS, type VideoFormat } from '@/remotion/constants'
import { DEFAULT_CODEC, validateRenderSettings } from '@/remotion/render-settings'
import type { VideoProps } from '@/remotion/schema'
import { refsOutsideTeam } from './media-refs'
import { SHIPPED_TRACK_IDS } from './shipped-music'

/*
 * One set of rules for the create page, the editor and the server. The editor calls
 * validateVideoProps before each autosave and the server calls it again on every write; the
 * database repeats the structural part (supabase/migrations/20261122002000_videos.sql).
 */

export const VIDEO_STATUSES = ['draft', 'rendering', 'ready', 'failed'] as const
export type VideoStatus = (typeof VIDEO_STATUSES)[number]

export const VIDEO_STATUS_LABELS: Record<VideoStatus, string> = {
  draft: 'Draft',
  rendering: 'Rendering',
  ready: 'Ready',
  failed: 'Failed',
}

export const VIDEO_TITLE_MAX = 120
export const SCRIPT_MAX = 600

const templateSchema = z.enum(TEMPLATE_IDS as [TemplateId, ...TemplateId[]], { message: 'Choose a template.' })
const formatSchema = z.enum(VIDEO_FORMAT_IDS as [VideoFormat, ...VideoFormat[]], {
  message: 'Choose landscape, portrait or square.',
})

export const videoTitleSchema = z
  .string({ message: 'Give the video a title.' })
  .trim()
  .min(1, { message: 'Give the video a title.' })
  .max(VIDEO_TITLE_MAX, { message: `Keep the title to ${VIDEO_TITLE_MAX} characters or fewer.` })

const voiceIdSchema = z.guid({ message: 'Choose a voice from the list.' }).nullable().default(null)
const musicAssetIdSchema = z.guid({ message: 'Choose a music track from the library.' }).nullable().default(null)
/** one of the tracks that ship with the product (remotion/music.ts), by id */
const musicTrackIdSchema = z
  .enum(SHIPPED_TRACK_IDS, { message: 'Choose a music track from the list.' })
  .nullable()
  .default(null)

export const createVideoSchema = z.object({
  title: videoTitleSchema,
  template: templateSchema,
  format: formatSchema,
  voiceId: voiceIdSchema,
  musicAssetId: musicAssetIdSchema,
  /** a shipped track (used when no library track is chosen) */
  musicTrackId: musicTrackIdSchema,
  /** one narration line per scene (in photo order); a blank line means no narration there */
  scripts: z
    .array(z.string().max(SCRIPT_MAX, { message: `Keep each narration line to ${SCRIPT_MAX} characters or fewer.` }))
    .max(40, { message: 'A video has at most 40 scenes.' })
    .optional(),
})
export type CreateVideoInput = z.input<typeof createVideoSchema>

export const saveVideoSchema = z.object({
  title: videoTitleSchema,
  template: templateSchema,
  format: formatSchema,
  voiceId: voiceIdSchema,
  props: z.unknown(),
  expectedVersion: z
    .number({ message: 'The editor lost track of the version. Reload the page.' })
    .int({ message: 'The editor lost track of the version. Reload the page.' })
    .min(1, { message: 'The editor lost track of the version. Reload the page.' }),
})
export type SaveVideoInput = z.input<typeof saveVideoSchema>

export const describeSchema = z.object({ template: templateSchema, format: formatSchema, props: z.unknown() })
export type DescribeInput = z.input<typeof describeSchema>

export type CompositionDetails = { width: number; height: number; fps: number; durationInFrames: number; seconds: number }

export type FieldErrors = Record<string, string>

export type PropsValidation<P extends VideoProps = VideoProps> =
  | { ok: true; props: P; details: CompositionDetails }
  | { ok: false; error: string; fieldErrors: FieldErrors }

// ---- readable messages ---------------------------------------------------------------------------

const FIELD_LABELS: Record<string, string> = {
  caption: 'caption',
  seconds: 'length',
  motion: 'motion',
  script: 'narration script',
  src: 'photo',
  heading: 'heading',
  subheading: 'subheading',
  fullName: 'name',
  title: 'title',
  phone: 'phone',
  email: 'email',
  brokerage: 'brokerage',
  licenseNo: 'licence number',
  photoSrc: 'photo',
  logoSrc: 'logo',
  volume: 'volume',
  fadeInSeconds: 'fade-in',
  fadeOutSeconds: 'fade-out',
  startSeconds: 'start',
}

const GROUP_LABELS: Record<string, string> = {
  titleCard: 'Title card',
  agent: 'Agent card',
  music: 'Music',
  narration: 'Narration',
  listing: 'Property',
  show: 'Show',
}

const TOP_LABELS: Record<string, string> = {
  scenes: 'Scenes',
  brandColor: 'Brand colour',
  hook: 'Hook',
  tagline: 'Tagline',
  theme: 'Theme',
  fps: 'Frame rate',
  locale: 'Locale',
  watermark: 'Watermark',
}

/** "Scene 2 caption", "Title card heading", "Brand colour". */
export function fieldLabel(path: PropertyKey[]): string {
  const [head, second, third] = path
  if (head === 'scenes' && typeof second === 'number') {
    return third === undefined ? `Scene ${second + 1}` : `Scene ${second + 1} ${FIELD_LABELS[String(third)] ?? String(third)}`
  }
  if (typeof head === 'string' && GROUP_LABELS[head]) {
    if (second === undefined) return GROUP_LABELS[head]
    return `${GROUP_LABELS[head]} ${FIELD_LABELS[String(second)] ?? String(second)}`
  }
  return TOP_LABELS[String(head)] ?? (path.length ? path.map(String).join(' ') : 'The video')
}

type Issue = z.core.$ZodIssue

function issueMessage(issue: Issue): string {
  const label = fieldLabel(issue.path)
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') return `${label}: keep it to ${max} characters or fewer.`
      if (issue.origin === 'array') return issue.path[0] === 'scenes' && issue.path.length === 1
        ? `A video has at most ${max} scenes.`
        : `${label}: at most ${max} items.`
      return `${label}: ${max} at most.`
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return `${label} cannot be empty.`
      if (issue.origin === 'array') return issue.path[0] === 'scenes' && issue.path.length === 1
        ? 'A video needs at least one scene.'
        : `${label}: at least ${min} item${min === 1 ? '' : 's'}.`
      return `${label}: ${min} at least.`
    }
    case 'invalid_format':
    case 'custom': {
      const text = issue.message.trim()
      return `${label}: ${text[0]?.toLowerCase() ?? ''}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`
    }
    case 'invalid_value':
      return `${label}: choose one of the options.`
    case 'unrecognized_keys':
      return `${label}: unknown setting ${issue.keys.join(', ')}.`
    default:
      return `${label} is missing or not valid.`
  }
}

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) out[issue.path.map(String).join('.') || 'props'] ??= issueMessage(issue)
  return out
}

const OUTSIDE_TEAM = 'This video uses a file from another team. Choose one of your own photos or tracks.'

/**
 * Checks props against the template's schema, the team's media folder (when `teamId` is given) and
 * the product's 5–120 s length, and says how the composition renders. Field errors are keyed by the
 * props path (`scenes.1.caption`).
 */
export function validateVideoProps(
  template: string,
  format: string,
  props: unknown,
  teamId?: string,
): PropsValidation {
  if (!isTemplateId(template)) return { ok: false, error: 'Choose a template.', fieldErrors: { template: 'Choose a template.' } }
  if (!(format in VIDEO_FORMATS)) {
    const message = 'Choose landscape, portrait or square.'
    return { ok: false, error: message, fieldErrors: { format: message } }
  }
  const parsed = TEMPLATES[template].schema.safeParse(props)
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error)
    return { ok: false, error: Object.values(fieldErrors)[0] ?? 'Please check the video.', fieldErrors }
  }
  const value = parsed.data as VideoProps
  if (teamId) {
    const outside = refsOutsideTeam(value, teamId)
    if (outside.length) {
      const fieldErrors: FieldErrors = {}
      value.scenes.forEach((scene, i) => {
        if (outside.includes(scene.src)) fieldErrors[`scenes.${i}.src`] = `Scene ${i + 1}: ${OUTSIDE_TEAM}`
      })
      if (value.agent?.photoSrc && outside.includes(value.agent.photoSrc)) fieldErrors['agent.photoSrc'] = OUTSIDE_TEAM
      if (value.agent?.logoSrc && outside.includes(value.agent.logoSrc)) fieldErrors['agent.logoSrc'] = OUTSIDE_TEAM
      if (value.music?.src && outside.includes(value.music.src)) fieldErrors['music.src'] = OUTSIDE_TEAM
      if (value.narration?.src && outside.includes(value.narration.src)) fieldErrors['narration.src'] = OUTSIDE_TEAM
      return { ok: false, error: OUTSIDE_TEAM, fieldErrors }
    }
  }
  const timeline = timelineFor(template, value)
  const seconds = timeline.durationInFrames / timeline.fps
  if (seconds < VIDEO_SECONDS.min || seconds > VIDEO_SECONDS.max) {
    const message = `A video lasts ${VIDEO_SECONDS.min} seconds to ${VIDEO_SECONDS.max / 60} minutes; this one would last ${Math.round(seconds)} seconds.`
    return { ok: false, error: message, fieldErrors: { scenes: message } }
  }
  const { width, height } = VIDEO_FORMATS[format as VideoFormat]
  const settings = validateRenderSettings({
    width,
    height,
    fps: timeline.fps,
    durationInFrames: timeline.durationInFrames,
    codec: DEFAULT_CODEC,
  })
  if (!settings.ok) {
    const message = `This video cannot be rendered: ${settings.errors.join('; ')}.`
    return { ok: false, error: message, fieldErrors: { props: message } }
  }
  return {
    ok: true,
    props: value,
    details: { width, height, fps: timeline.fps, durationInFrames: timeline.durationInFrames, seconds },
  }
}

/** m:ss for a number of seconds ("0:42", "2:00"). */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
