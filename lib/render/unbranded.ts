import type { VideoProps } from '@/remotion/schema'

/*
 * The unbranded cut (a render option, docs/narration.md): the templates drop the agent's card, photo,
 * name, brokerage, logo and contact details when the run's props say `unbranded` (remotion/scenes/
 * branding.ts). What they cannot drop is text the person wrote or the voice already spoke: a scene's
 * narration ("…call Maya Thompson on 503 555 0142"), a photo caption, the title card. This finds the
 * agent's details in those, so the render card can say where before the person pays for a cut that
 * would still name the agent, and queueRender refuses it (the same check, on the server).
 * Client-safe and pure.
 */

export type BrandingLeak = { where: string; found: string }

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** What of the agent's details must not appear: each as a test on a text. */
function agentTerms(agent: NonNullable<VideoProps['agent']>): { label: string; test: (text: string) => boolean }[] {
  const terms: { label: string; test: (text: string) => boolean }[] = []
  const phrase = (value: string | undefined) => {
    const v = value?.trim()
    if (v && v.length >= 3) terms.push({ label: v, test: (t) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(v)}($|[^\\p{L}\\p{N}])`, 'iu').test(t) })
  }
  phrase(agent.fullName)
  phrase(agent.email)
  phrase(agent.brokerage)
  phrase(agent.licenseNo)
  // a first or last name alone, written as a name (capitalised whole word): "ask Maya", "the Thompson team"
  for (const part of agent.fullName.split(/[\s,]+/)) {
    if (part.length >= 3 && /^\p{Lu}/u.test(part)) terms.push({ label: part, test: (t) => new RegExp(`(^|[^\\p{L}])${escape(part)}($|[^\\p{L}])`, 'u').test(t) })
  }
  // the phone number, however it is written or spoken as digits
  const digits = agent.phone?.replace(/\D/g, '') ?? ''
  if (digits.length >= 6) terms.push({ label: agent.phone!, test: (t) => t.replace(/\D/g, '').includes(digits.slice(-7)) })
  return terms
}

/** Where the agent's details appear in the texts an unbranded render would still show or speak. */
export function brandingLeaks(props: Pick<VideoProps, 'agent' | 'scenes' | 'titleCard' | 'listing'> & { hook?: string; tagline?: string }): BrandingLeak[] {
  if (!props.agent) return []
  const terms = agentTerms(props.agent)
  const texts: [string, string | undefined][] = [
    ['The title card', props.titleCard?.heading],
    ['The title card', props.titleCard?.subheading],
    ['The listing title', props.listing.title],
    ['The hook', props.hook],
    ['The tagline', props.tagline],
    ...props.scenes.flatMap((scene, i): [string, string | undefined][] => [
      [`Scene ${i + 1}'s narration`, scene.narration?.text],
      [`Scene ${i + 1}'s photo caption`, scene.caption],
    ]),
  ]
  const leaks: BrandingLeak[] = []
  for (const [where, text] of texts) {
    if (!text) continue
    // the longest match only: "Maya Thompson" rather than also "Maya" and "Thompson"
    const found = terms.filter((term) => term.test(text)).sort((a, b) => b.label.length - a.label.length)[0]
    if (found && !leaks.some((l) => l.where === where)) leaks.push({ where, found: found.label })
  }
  return leaks
}

/** One sentence for people: where the agent is still named, and what to do. */
export function brandingLeakMessage(leaks: BrandingLeak[]): string | null {
  if (!leaks.length) return null
  const list = leaks.slice(0, 3).map((l) => `${l.where} says “${l.found}”`).join('; ')
  const more = leaks.length > 3 ? ` (and ${leaks.length - 3} more)` : ''
  const spoken = leaks.some((l) => /narration/.test(l.where))
  return `The unbranded cut would still name the agent: ${list}${more}. Edit ${leaks.length > 1 ? 'these' : 'it'} in the editor${spoken ? ' and speak the narration again' : ''}, then render.`
}
