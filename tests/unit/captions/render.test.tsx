import { Thumbnail } from '@remotion/player'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CAPTION_LAYOUTS, captionCues } from '@/remotion/captions/timing'
import { TEMPLATE_IDS, timelineFor } from '@/remotion/catalog'
import { TEMPLATE_COMPONENTS } from '@/remotion/components'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import { narratedProps } from './fixtures'

function frameHtml(template: (typeof TEMPLATE_IDS)[number], format: keyof typeof VIDEO_FORMATS, props: VideoProps, frame: number) {
  const timeline = timelineFor(template, props)
  return renderToString(
    <Thumbnail
      component={TEMPLATE_COMPONENTS[template] as ComponentType<Record<string, unknown>>}
      inputProps={props as Record<string, unknown>}
      compositionWidth={VIDEO_FORMATS[format].width}
      compositionHeight={VIDEO_FORMATS[format].height}
      durationInFrames={timeline.durationInFrames}
      fps={timeline.fps}
      frameToDisplay={frame}
    />,
  )
}

describe.each(TEMPLATE_IDS)('%s captions', (template) => {
  it.each(VIDEO_FORMAT_IDS)('%s: shows the cue being spoken, the word on the brand colour; nothing when off', (format) => {
    for (const style of ['words', 'phrases'] as const) {
      const props = narratedProps(undefined, { captions: { enabled: true, style }, brandColor: '#0f766e' })
      const cue = captionCues(props, timelineFor(template, props), CAPTION_LAYOUTS[style][format])[3]
      const html = frameHtml(template, format, props, cue.words[1].startFrame)
      expect(html).toContain(`data-captions="${style}"`)
      for (const word of cue.words) expect(html).toContain(word.text.replace(/'/g, '&#x27;'))
      if (style === 'words') expect(html).toMatch(new RegExp(`background-color:#0f766e[^>]*>${cue.words[1].text}<`))
      const off = frameHtml(template, format, { ...props, captions: { enabled: false, style } }, cue.words[1].startFrame)
      expect(off).not.toContain('data-captions')
    }
  })
})
