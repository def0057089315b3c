import { Thumbnail } from '@remotion/player'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TEMPLATE_IDS, timelineFor } from '@/remotion/catalog'
import { TEMPLATE_COMPONENTS } from '@/remotion/components'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants'
import { posterFrame } from '@/remotion/duration'
import type { VideoProps } from '@/remotion/schema'
import { maximalListing } from './fixtures'

// The unbranded cut: whatever the agent record holds, no frame of any template shows it.
const props: VideoProps = { ...maximalListing, scenes: maximalListing.scenes.slice(0, 3), watermark: false, fps: 30 }
const agent = props.agent!
const BRANDING = [agent.fullName, agent.phone!, agent.email!, agent.brokerage!, agent.title!, agent.licenseNo!, agent.photoSrc!, agent.logoSrc!]

function html(template: (typeof TEMPLATE_IDS)[number], format: keyof typeof VIDEO_FORMATS, input: VideoProps, frame: number) {
  const timeline = timelineFor(template, input)
  return renderToString(
    <Thumbnail
      component={TEMPLATE_COMPONENTS[template] as ComponentType<Record<string, unknown>>}
      inputProps={input as Record<string, unknown>}
      compositionWidth={VIDEO_FORMATS[format].width}
      compositionHeight={VIDEO_FORMATS[format].height}
      durationInFrames={timeline.durationInFrames}
      fps={timeline.fps}
      frameToDisplay={frame}
    />,
  ).replace(/&amp;/g, '&')
}

describe.each(TEMPLATE_IDS)('%s, unbranded', (template) => {
  it.each(VIDEO_FORMAT_IDS)('%s: no agent, contact, brokerage or logo in any segment; the branded cut still has them', (format) => {
    const timeline = timelineFor(template, props)
    const end = timeline.segments.length - 1
    const branded = html(template, format, props, posterFrame(timeline, end))
    expect(branded).toContain(agent.fullName)
    timeline.segments.forEach((_, i) => {
      const frame = html(template, format, { ...props, unbranded: true }, posterFrame(timeline, i))
      for (const text of BRANDING) expect(frame).not.toContain(text)
    })
    // the end card falls back to the listing's own call to action (its address)
    expect(html(template, format, { ...props, unbranded: true }, posterFrame(timeline, end))).toMatch(/Wharfside|WHARFSIDE/i)
  })
})
