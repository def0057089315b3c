'use server'

import { revalidatePath } from 'next/cache'
import { teamAction } from '@/lib/listings/guard'
import * as logic from './logic'
import type { AgentInput } from './schema'

/* Agent server actions: { ok, data } or { ok: false, error, fieldErrors }; checks live in logic.ts. */

function refresh(teamId: string) {
  revalidatePath(`/dashboard/${teamId}`, 'layout')
}

const create = teamAction(logic.createAgent)
const update = teamAction(logic.updateAgent)
const remove = teamAction(logic.deleteAgent)

export async function createAgent(teamId: string, input: AgentInput) {
  const result = await create(teamId, input)
  if (result.ok) refresh(teamId)
  return result
}

export async function updateAgent(teamId: string, agentId: string, input: AgentInput) {
  const result = await update(teamId, agentId, input)
  if (result.ok) refresh(teamId)
  return result
}

/** Listings keep working: they simply have no agent afterwards (`listingsUnassigned` says how many). */
export async function deleteAgent(teamId: string, agentId: string) {
  const result = await remove(teamId, agentId)
  if (result.ok) refresh(teamId)
  return result
}
