import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NotInNarration } from '@/components/videos/not-in-narration'
import { leftOutByTemplate } from '@/lib/narration/draft/left-out'
import { draftVideoProps } from '@/lib/videos/draft'
import { TEMPLATE_IDS, type TemplateId } from '@/remotion/catalog'
import type { VideoProps } from '@/remotion/schema'
import { SAMPLES } from './draft-samples'

// The create page names what the drafted narration leaves out, before the video is created.

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'")

describe('Not in the narration (create page)', () => {
  it('names the facts and sentences a listing’s draft could not fit', () => {
    const sample = SAMPLES.find((s) => s.name.startsWith('US apartment to rent'))!
    const drafts = Object.fromEntries(
      TEMPLATE_IDS.map((template) => [template, draftVideoProps({ listing: sample.row, photos: sample.photos, agent: sample.agent, template, format: 'landscape', includeScripts: true })]),
    ) as Record<TemplateId, VideoProps>
    const left = leftOutByTemplate(sample.row, drafts, sample.agent)
    const shown = text(renderToStaticMarkup(<NotInNarration items={left['classic-tour']} />))
    expect(shown).toMatch(/^Not in the narration: /)
    expect(shown).toContain('Doorman')
    expect(shown).toContain('the floor area (850 sq ft)')
    expect(shown).toContain('“Two blocks from the High Line and the 23rd Street subway.”')
    expect(renderToStaticMarkup(<NotInNarration items={left['classic-tour']} />)).toContain('role="note"')
  })

  it('shows nothing when the narration says everything', () => {
    expect(renderToStaticMarkup(<NotInNarration items={[]} />)).toBe('')
    expect(renderToStaticMarkup(<NotInNarration items={undefined} />)).toBe('')
  })
})
