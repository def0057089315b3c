import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as agents from '../../../lib/agents/logic.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import * as writes from '../../../lib/listings/writes.ts'
import { assembleCast, behind, db, listingInput, type Cast } from './fixtures.ts'

// The agent logic the server actions run (lib/agents/logic.ts), as the signed-in user.
describe('agents', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const agentsOfTeam = () => behind(cast, 'agents', { team_id: cast.teamId })

  it('adds an agent with a normalised brand colour and blank fields as null', async () => {
    const { id } = await agents.createAgent(db(cast.member), cast.member.id, cast.teamId, {
      fullName: ' Ann Lee ', email: 'ANN@Harbour.test', phone: '+61 (2) 5550 1234', brandColor: '1A73E8', title: '', brokerage: 'Harbour Realty',
    })
    expect((await behind(cast, 'agents', { id }))[0]).toMatchObject({
      full_name: 'Ann Lee', email: 'ANN@Harbour.test', phone: '+61 (2) 5550 1234', brand_color: '#1a73e8', title: null, brokerage: 'Harbour Realty',
    })
  })

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { fullName: '  ' }, 'fullName', 'Enter the agent’s name.'],
    ['a name that is too long', { fullName: 'x'.repeat(121) }, 'fullName', 'Keep the agent’s name to 120 characters or fewer.'],
    ['an email that is not one', { email: 'ann at harbour' }, 'email', 'Enter a valid email address, like name@agency.com.'],
    ['a phone number with letters', { phone: 'call me maybe' }, 'phone', 'Enter the phone number with digits, spaces, +, -, ( or ) only.'],
    ['a brand colour by name', { brandColor: 'red' }, 'brandColor', 'Enter the brand colour as a hex code, like #1a73e8.'],
    ['a licence number that is too long', { licenseNo: 'x'.repeat(61) }, 'licenseNo', 'Keep the licence number to 60 characters or fewer.'],
  ]

  it.each(bad)('refuses %s with its field message and saves nothing', async (_label, overrides, field, message) => {
    const before = await agentsOfTeam()
    const attempt = agents.createAgent(db(cast.member), cast.member.id, cast.teamId, { fullName: 'Bo Chen', ...overrides })
    await expect(attempt).rejects.toBeInstanceOf(Refusal)
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { [field]: message } })
    expect(await agentsOfTeam()).toEqual(before)
  })

  it("refuses a photo or logo from another team's folder", async () => {
    const message = 'Upload the image again: it is not in this team’s library.'
    await expect(agents.createAgent(db(cast.member), cast.member.id, cast.teamId, { fullName: 'Bo', logoPath: `${cast.otherTeamId}/logos/x/logo.png` }))
      .rejects.toMatchObject({ fieldErrors: { logoPath: message } })
  })

  it('refuses a member of another team, who cannot add, change or delete the team’s agents', async () => {
    const [agent] = await agentsOfTeam()
    await expect(agents.createAgent(db(cast.outsider), cast.outsider.id, cast.teamId, { fullName: 'Intruder' }))
      .rejects.toMatchObject({ message: 'You can only add agents to a team you belong to.' })
    const notFound = 'That agent no longer exists, or belongs to another team.'
    await expect(agents.updateAgent(db(cast.outsider), cast.outsider.id, cast.teamId, agent.id, { fullName: 'Renamed' })).rejects.toMatchObject({ message: notFound })
    await expect(agents.deleteAgent(db(cast.outsider), cast.outsider.id, cast.teamId, agent.id)).rejects.toMatchObject({ message: notFound })
    expect(await agents.fetchAgents(db(cast.outsider), cast.teamId)).toEqual([])
    expect(await agentsOfTeam()).toEqual([agent])
  })

  it('updates an agent and lists the team’s agents with their listing counts', async () => {
    const [agent] = await agentsOfTeam()
    await agents.updateAgent(db(cast.owner), cast.owner.id, cast.teamId, agent.id, { fullName: 'Ann Lee-Smith', brandColor: '#0F9D58' })
    await writes.createListing(db(cast.member), cast.member.id, cast.teamId, listingInput({ agentId: agent.id as string }))
    const listed = await agents.fetchAgents(db(cast.member), cast.teamId)
    expect(listed).toEqual([expect.objectContaining({ id: agent.id, full_name: 'Ann Lee-Smith', brand_color: '#0f9d58', email: null, listing_count: 1, photo_url: null })])
  })

  it('deletes an agent while its listings stay, now without an agent', async () => {
    const [agent] = await agentsOfTeam()
    const result = await agents.deleteAgent(db(cast.member), cast.member.id, cast.teamId, agent.id)
    expect(result).toEqual({ id: agent.id, listingsUnassigned: 1 })
    expect(await agentsOfTeam()).toEqual([])
    const listings = await behind<{ agent_id: string | null }>(cast, 'listings', { team_id: cast.teamId })
    expect(listings.map((l) => l.agent_id)).toEqual([null])
  })
})
