'use server'

import { unstable_rethrow } from 'next/navigation'
import { after } from 'next/server'
import { clientAddress } from '@/lib/auth/client-address'
import { getSessionUser } from '@/lib/auth/user'
import { captchaConfig } from '@/lib/captcha/config'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { reportServerError } from '@/lib/monitoring/scope'
import { traceServerAction } from '@/lib/monitoring/server-action'
import { action, ActionError, type ActionResult } from '@/lib/safe-action'
import { takeNarrationRequest } from '@/lib/narration/limits'
import { serverProviders } from '@/lib/narration/server-providers'
import { createClient } from '@/lib/supabase/server'
import { findControlCharacter, CONTROL_CHARACTER_MESSAGE } from '@/lib/text'
import { readListingPage } from '@/lib/listings/import/page'
import { takePageRead } from '@/lib/listings/import/limits'
import * as photoImport from './photo-import'
import * as photos from './photos'
import { loadTrialRun, type TrialRun } from './queries'
import { speakTrialAhead } from './speak-ahead'
import * as steps from './steps'
import { TRIAL } from './schema'
import * as start from './start'

/*
 * The try flow's server actions. A trial session is anonymous, so these admit any session (the
 * team actions admit only real accounts); each step parses its own input (lib/trials/schema.ts) and
 * runs as the visitor, under RLS.
 */

const ENDED = 'Your trial session has ended. Start again from the trial page.'
const UNEXPECTED = 'Something went wrong on our side. Please try again in a moment.'

function trialAction<I, T>(logic: (db: Db, userId: string, input: I) => Promise<T>) {
  return (input: I): Promise<ActionResult<T>> =>
    traceServerAction(async () => {
      if (findControlCharacter(input)) return { ok: false, error: CONTROL_CHARACTER_MESSAGE }
      const user = await getSessionUser()
      if (!user) return { ok: false, error: ENDED }
      try {
        return { ok: true, data: await logic((await createClient()) as unknown as Db, user.id, input) }
      } catch (error) {
        unstable_rethrow(error)
        if (error instanceof Refusal || error instanceof ActionError) return { ok: false, error: error.message, fieldErrors: error.fieldErrors }
        console.error('[trials] unexpected error', error)
        reportServerError(error, { area: 'server-action' })
        return { ok: false, error: UNEXPECTED }
      }
    })
}

const begin = trialAction(steps.beginTrialProject)
const saveProperty = trialAction(steps.saveTrialProperty)
// the look fixes every scene's script and voice: the scenes are spoken after the answer has gone,
// while the visitor looks at their project page, so Render does not wait for them (speak-ahead.ts)
const chooseLook = trialAction(async (db, userId, input: unknown) => {
  const chosen = await steps.chooseTrialLook(db, userId, input)
  after(async () => {
    try {
      await takeNarrationRequest(userId)
      await speakTrialAhead(db, userId, chosen.projectId, { providers: serverProviders() })
    } catch (error) {
      // a refusal (the narration limit, no provider) is Render's to tell; anything else is logged
      if (!(error instanceof Refusal || error instanceof ActionError)) console.error('[trials] speaking ahead failed', error)
    }
  })
  return chosen
})
const saveScenes = trialAction(steps.saveTrialScenes)
// the visitor's narrator speaks the scenes first (server side; the per-person narration limit applies)
const render = trialAction(async (db, userId, projectId: string) => {
  await takeNarrationRequest(userId)
  return steps.renderTrial(db, userId, projectId, { providers: serverProviders() })
})
const cancel = trialAction(steps.cancelTrialRender)
const readRun = trialAction(async (db, _userId, runId: string): Promise<TrialRun> => {
  const run = await loadTrialRun(db, runId)
  if (!run) throw new Refusal('That render no longer exists.')
  return run
})
const prepare = trialAction(photos.prepareTrialPhoto)
const finalize = trialAction(photos.finalizeTrialPhoto)
const remove = trialAction(photos.removeTrialPhoto)
// issue 29: the property step can start from a listing page (one visitor counts as their own team)
const readPage = trialAction(async (_db, userId, input: unknown) => {
  await takePageRead(userId, null)
  return readListingPage(input, TRIAL.maxPhotos)
})
const importPhotos = trialAction(photoImport.importTrialPhotos)

const startAction = action(start.startTrialSchema, async (input) =>
  start.startTrial(input, {
    supabase: await createClient(),
    user: await getSessionUser(),
    address: await clientAddress(),
    captcha: captchaConfig(),
  }),
)

/** /try/intro: signs a visitor in anonymously when needed (limit, CAPTCHA) and answers their step. */
export async function startTrial(input: { captchaToken?: string; fresh?: boolean }) {
  return startAction(input)
}
export async function beginTrialProject(input: { fresh?: boolean }) {
  return begin(input)
}
export async function saveTrialProperty(input: unknown) {
  return saveProperty(input)
}
export async function chooseTrialLook(input: unknown) {
  return chooseLook(input)
}
export async function saveTrialScenes(input: unknown) {
  return saveScenes(input)
}
export async function renderTrial(projectId: string) {
  return render(projectId)
}
export async function cancelTrialRender(runId: string) {
  return cancel(runId)
}
/** The run with fresh signed URLs (the progress page's fallback while realtime is down, and when it ends). */
export async function getTrialRun(runId: string) {
  return readRun(runId)
}
export async function prepareTrialPhoto(input: unknown) {
  return prepare(input)
}
export async function finalizeTrialPhoto(input: unknown) {
  return finalize(input)
}
export async function removeTrialPhoto(input: unknown) {
  return remove(input)
}
/** The property step's draft from a listing page's address (nothing is saved). */
export async function readTrialListingPage(input: { url: string }) {
  return readPage(input)
}
/** Fetches up to four of the page's photos into the trial project, in page order. */
export async function importTrialPhotos(input: { projectId: string; urls: string[] }) {
  return importPhotos(input)
}
