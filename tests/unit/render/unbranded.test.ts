import { describe, expect, it } from 'vitest'
import { brandingLeakMessage, brandingLeaks } from '@/lib/render/unbranded'
import type { VideoProps } from '@/remotion/schema'
import { narratedScene } from '../captions/fixtures'

const base: VideoProps = {
  listing: { address: { line: '12 Harbour View Road' }, offer: 'sale', propertyType: 'house' },
  scenes: [narratedScene(0, 'Welcome to 12 Harbour View Road, a bright home above the water.')],
  agent: { fullName: 'Maya Thompson', phone: '(503) 555-0142', email: 'maya@harborrealty.com', brokerage: 'Harbor Realty Group' },
}
const withLast = (text: string, caption?: string): VideoProps => ({ ...base, scenes: [...base.scenes, { ...narratedScene(1, text), caption }] })

describe('branding left in an unbranded cut', () => {
  it('finds the agent named in the spoken narration, by full name, one name, phone or email', () => {
    expect(brandingLeaks(withLast('Contact Maya Thompson to arrange a viewing.'))).toEqual([{ where: "Scene 2's narration", found: 'Maya Thompson' }])
    expect(brandingLeaks(withLast('Ask Maya for a private tour.'))[0].found).toBe('Maya')
    expect(brandingLeaks(withLast('Call 503 555 0142 today.'))[0].found).toBe('(503) 555-0142')
    expect(brandingLeaks(withLast('Write to MAYA@harborrealty.com.'))[0].found).toBe('maya@harborrealty.com')
    expect(brandingLeaks(withLast('Shown by Harbor Realty Group.'))[0].found).toBe('Harbor Realty Group')
  })

  it('checks photo captions and the title card too, and words that only look alike pass', () => {
    expect(brandingLeaks(withLast('A calm bedroom.', 'Call Maya'))).toEqual([{ where: "Scene 2's photo caption", found: 'Maya' }])
    expect(brandingLeaks({ ...base, titleCard: { heading: 'Thompson exclusive' } })[0].where).toBe('The title card')
    // lower-case words and other numbers are not the agent
    expect(brandingLeaks(withLast('The harbor views and 503 square metres of thompsonite.'))).toEqual([])
    expect(brandingLeaks({ ...withLast('Contact Maya Thompson.'), agent: null })).toEqual([])
  })

  it('says where, and what to do', () => {
    const message = brandingLeakMessage(brandingLeaks(withLast('Contact Maya Thompson.')))
    expect(message).toBe("The unbranded cut would still name the agent: Scene 2's narration says “Maya Thompson”. Edit it in the editor and speak the narration again, then render.")
    expect(brandingLeakMessage([])).toBeNull()
  })
})
