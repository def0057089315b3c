import type { Tables, TablesInsert } from '@/lib/database.types'
import { mustHaveRows, parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { signedUrls } from '@/lib/media/urls'
import { agentSchema, idSchema, type AgentValues } from './schema'

/*
 * Agent logic as the signed-in user; RLS keeps each team's agents to its members. Deleting an agent
 * keeps its listings (their agent_id is cleared by the foreign key).
 */

const NOT_FOUND = 'That agent no longer exists, or belongs to another team.'
const NOT_YOUR_TEAM = 'You can only change agents of a team you belong to.'

export type AgentRow = Tables<'agents'> & { photo_url: string | null; logo_url: string | null; listing_count: number }

function agentRow(teamId: string, v: AgentValues): Omit<TablesInsert<'agents'>, 'team_id'> {
  // a photo or logo must come from this team's own media folder
  for (const [field, path] of [['photoPath', v.photoPath], ['logoPath', v.logoPath]] as const) {
    if (path && !path.startsWith(`${teamId}/`)) {
      const message = 'Upload the image again: it is not in this team’s library.'
      throw new Refusal(message, { [field]: message })
    }
  }
  return {
    full_name: v.fullName,
    title: v.title,
    email: v.email,
    phone: v.phone,
    brokerage: v.brokerage,
    license_no: v.licenseNo,
    brand_color: v.brandColor,
    photo_path: v.photoPath,
    logo_path: v.logoPath,
  }
}

export async function createAgent(db: Db, _userId: string, teamId: unknown, input: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const values = parseOrRefuse(agentSchema, input)
  const { data, error } = await db.from('agents').insert({ team_id: team, ...agentRow(team, values) }).select('id, full_name').single()
  if (error) refuse(error, 'You can only add agents to a team you belong to.')
  return { id: data.id, full_name: data.full_name }
}

export async function updateAgent(db: Db, _userId: string, teamId: unknown, agentId: unknown, input: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, agentId)
  const values = parseOrRefuse(agentSchema, input)
  const { data, error } = await db.from('agents').update(agentRow(team, values)).eq('id', id).eq('team_id', team).select('id, full_name')
  if (error) refuse(error, NOT_YOUR_TEAM)
  return mustHaveRows(data, NOT_FOUND)[0]
}

/** Deletes the agent; says how many listings lost their agent so the UI can tell the person. */
export async function deleteAgent(db: Db, _userId: string, teamId: unknown, agentId: unknown) {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, agentId)
  const { count, error: countError } = await db
    .from('listings')
    .select('id', { count: 'exact', head: true })
    .eq('agent_id', id)
    .eq('team_id', team)
  if (countError) refuse(countError, NOT_YOUR_TEAM)
  const { data, error } = await db.from('agents').delete().eq('id', id).eq('team_id', team).select('id')
  if (error) refuse(error, NOT_YOUR_TEAM)
  mustHaveRows(data, NOT_FOUND)
  return { id, listingsUnassigned: count ?? 0 }
}

/** The team's agents by name, with signed photo/logo URLs and how many listings each has. */
export async function fetchAgents(db: Db, teamId: string): Promise<AgentRow[]> {
  if (!idSchema.safeParse(teamId).success) return []
  const [agents, listings] = await Promise.all([
    db.from('agents').select('*').eq('team_id', teamId).order('full_name'),
    db.from('listings').select('agent_id').eq('team_id', teamId).not('agent_id', 'is', null),
  ])
  if (agents.error) refuse(agents.error)
  if (listings.error) refuse(listings.error)
  const counts = new Map<string, number>()
  for (const l of listings.data) counts.set(l.agent_id!, (counts.get(l.agent_id!) ?? 0) + 1)
  const urls = await signedUrls(db, agents.data.flatMap((a) => [a.photo_path, a.logo_path]))
  return agents.data.map((a) => ({
    ...a,
    photo_url: urls.get(a.photo_path ?? '') ?? null,
    logo_url: urls.get(a.logo_path ?? '') ?? null,
    listing_count: counts.get(a.id) ?? 0,
  }))
}
