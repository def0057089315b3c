'use server'

import { revalidatePath } from 'next/cache'
import { teamAction } from '@/lib/listings/guard'
import { parseOrRefuse, Refusal } from '@/lib/listings/refusal'
import type { ActionResult } from '@/lib/safe-action'
import { describeSchema, validateVideoProps, type CompositionDetails, type CreateVideoInput, type SaveVideoInput } from './schema'
import { repairVideo as repairLogic, type RepairResult } from './repair'
import * as writes from './writes'

/*
 * Server actions for videos. Each returns { ok: true, data } or { ok: false, error, fieldErrors };
 * the checks live in writes.ts / schema.ts (zod, the template's schema, RLS as the signed-in user).
 * saveVideo does not revalidate: autosave must not re-render the editor page under the person.
 */

function refresh(teamId: string) {
  revalidatePath(`/dashboard/${teamId}/props`, 'layout')
}

const create = teamAction(writes.createVideo)
const save = teamAction(writes.saveVideo)
const remove = teamAction(writes.deleteVideo)
const repair = teamAction(repairLogic)
const describe = teamAction(async (_db, _userId, template: unknown, format: unknown, props: unknown) => {
  const input = parseOrRefuse(describeSchema, { template, format, props })
  const checked = validateVideoProps(input.template, input.format, input.props)
  if (!checked.ok) throw new Refusal(checked.error, checked.fieldErrors)
  return checked.details
})

export async function createVideo(teamId: string, listingId: string, input: CreateVideoInput): Promise<ActionResult<{ id: string }>> {
  const result = await create(teamId, listingId, input)
  if (result.ok) refresh(teamId)
  return result
}

export async function saveVideo(teamId: string, videoId: string, input: SaveVideoInput): Promise<ActionResult<writes.SaveResult>> {
  return save(teamId, videoId, input)
}

/** Size, fps and length of the composition as it would render (the editor's details card). */
export async function describeComposition(template: string, format: string, props: unknown): Promise<ActionResult<CompositionDetails>> {
  return describe(template, format, props)
}

export async function deleteVideo(teamId: string, videoId: string): Promise<ActionResult<{ listingId: string }>> {
  const result = await remove(teamId, videoId)
  if (result.ok) refresh(teamId)
  return result
}

/** Drafts the props again from the listing when the stored ones no longer fit the template. */
export async function repairVideo(teamId: string, videoId: string): Promise<ActionResult<RepairResult>> {
  const result = await repair(teamId, videoId)
  if (result.ok) refresh(teamId)
  return result
}
