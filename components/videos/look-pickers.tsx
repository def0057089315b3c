'use client'

import { useId } from 'react'
import { Check } from 'lucide-react'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { VideoThumbnail } from '@/components/videos/video-player'
import { TEMPLATE_IDS, TEMPLATES, type TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'

/** Each format's preview box inside a 7rem (10rem from sm) tall slot, never wider than its card. */
const FORMAT_BOX: Record<VideoFormat, string> = {
  landscape: 'w-full',
  square: 'w-full max-w-28 sm:max-w-40',
  portrait: 'h-full',
}

export interface LookPickersProps {
  template: TemplateId
  format: VideoFormat
  onTemplate: (template: TemplateId) => void
  onFormat: (format: VideoFormat) => void
  /** the same content drafted into each template (media refs), for the live thumbnails */
  drafts: Record<TemplateId, VideoProps>
  /** media ref → signed URL */
  urls: Record<string, string>
  templateHint: string
  formatHint: string
}

/** Template and format as radio cards, each a live thumbnail of the person's own content. */
export function LookPickers({ template, format, onTemplate, onFormat, drafts, urls, templateHint, formatHint }: LookPickersProps) {
  const ids = useId()
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle id={`${ids}-template`}>Template</CardTitle>
          <CardDescription>{templateHint}</CardDescription>
        </CardHeader>
        <CardBody>
          <div role="radiogroup" aria-labelledby={`${ids}-template`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TEMPLATE_IDS.map((id) => (
              <label
                key={id}
                data-testid="template-option"
                className={cn(
                  'group relative cursor-pointer overflow-hidden rounded-xl border bg-surface shadow-card transition-colors',
                  'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/40',
                  template === id ? 'border-brand-500 ring-1 ring-brand-500' : 'border-border hover:border-brand-300',
                )}
              >
                <input
                  type="radio"
                  name="template"
                  value={id}
                  checked={template === id}
                  onChange={() => onTemplate(id)}
                  className="sr-only"
                  aria-describedby={`${ids}-${id}-about`}
                />
                <VideoThumbnail template={id} format="landscape" props={drafts[id]} urls={urls} className="bg-ink" />
                <div className="space-y-1 p-3.5">
                  <p className="flex items-center justify-between gap-2 font-medium text-ink">
                    {TEMPLATES[id].name}
                    {template === id ? (
                      <span className="flex size-5 items-center justify-center rounded-full bg-brand-600 text-white" aria-hidden>
                        <Check className="size-3.5" />
                      </span>
                    ) : null}
                  </p>
                  <p id={`${ids}-${id}-about`} className="text-sm text-muted">
                    {TEMPLATES[id].description}
                  </p>
                </div>
              </label>
            ))}
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id={`${ids}-format`}>Format</CardTitle>
          <CardDescription>{formatHint}</CardDescription>
        </CardHeader>
        <CardBody>
          <div role="radiogroup" aria-labelledby={`${ids}-format`} className="grid grid-cols-3 gap-3 sm:gap-5">
            {VIDEO_FORMAT_IDS.map((id) => {
              const { width, height, label } = VIDEO_FORMATS[id]
              return (
                <label
                  key={id}
                  data-testid="format-option"
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-2 rounded-xl border p-2 transition-colors sm:p-3',
                    'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500/40',
                    format === id ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500' : 'border-border hover:border-brand-300',
                  )}
                >
                  <input type="radio" name="format" value={id} checked={format === id} onChange={() => onFormat(id)} className="sr-only" />
                  <div className="flex h-28 w-full items-center justify-center sm:h-40">
                    <div className={cn('overflow-hidden rounded-md bg-ink shadow-sm', FORMAT_BOX[id])} style={{ aspectRatio: `${width} / ${height}` }}>
                      <VideoThumbnail template={template} format={id} props={drafts[template]} urls={urls} />
                    </div>
                  </div>
                  <span className="text-center text-sm font-medium text-ink">{label}</span>
                  <span className="-mt-1.5 text-center text-xs text-muted tabular-nums">
                    {width}×{height}
                  </span>
                </label>
              )
            })}
          </div>
        </CardBody>
      </Card>
    </>
  )
}
