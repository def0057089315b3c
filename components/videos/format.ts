import { TEMPLATES, isTemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS } from '@/remotion/constants'

/** "Classic Tour"; an unknown id (an old row) is shown as it is. */
export function templateName(template: string): string {
  return isTemplateId(template) ? TEMPLATES[template].name : template
}

export { formatLabel } from './format-label'

/** "1920 × 1080". */
export function formatSize(format: string): string | null {
  if (!(format in VIDEO_FORMATS)) return null
  const { width, height } = VIDEO_FORMATS[format as keyof typeof VIDEO_FORMATS]
  return `${width} × ${height}`
}

/** 42.4 → "0:42"; 75 → "1:15". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–'
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/** "Nov 22, 9:41 AM". */
export function formatUpdated(iso: string): string {
  return dateFormat.format(new Date(iso))
}

export const VIDEO_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  rendering: 'Rendering',
  ready: 'Ready',
  failed: 'Failed',
}

export const VIDEO_STATUS_TONES: Record<string, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  draft: 'neutral',
  rendering: 'brand',
  ready: 'success',
  failed: 'danger',
}
