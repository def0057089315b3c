import 'server-only'
import type { SupabaseClient, User } from '@supabase/supabase-js'
import { z } from 'zod'
import { describeAuthError } from '@/lib/auth/messages'
import { takeAttempt } from '@/lib/auth/rate-limit'
import { CAPTCHA_MISSING, captchaTokenSchema, type CaptchaConfig } from '@/lib/captcha/config'
import type { Db } from '@/lib/listings/refusal'
import { ActionError } from '@/lib/safe-action'
import { createAdminClient } from '@/lib/supabase/admin'
import type { TrialProject } from './project'
import { TRIAL } from './schema'
import { beginTrialProject, latestTrialProject } from './steps'

/*
 * /try/intro's "Start my trial": a visitor with no session is signed in anonymously (Supabase
 * anonymous sign-in, behind the per-address limit and, when configured, the CAPTCHA the auth server
 * verifies), then admitted to the trial (public.admit_trial_visitor, service key: only an admitted
 * visitor may create trial projects or upload trial photos, and admissions are capped per hour for
 * everyone together), then their project is created or found and they go to the step they are at.
 * A visitor who already has an admitted trial session carries on (or starts over with `fresh`)
 * without a new sign-in. An anonymous session made elsewhere (straight through the auth API) is
 * counted against the per-address limit here before it is admitted, like a new one: going around
 * the app gains nothing. docs/try.md, "Who may start a trial".
 */

export const startTrialSchema = z.object({
  captchaToken: captchaTokenSchema,
  fresh: z.boolean().default(false),
})

/** public.admit_trial_visitor's refusal when the hour's admissions (all addresses) are used up */
export const TRIAL_BUSY = 'Too many trials were started in the last hour. Try again later, or sign up to make videos now.'

const admissionSchema = z.object({ user_id: z.string().uuid() })

export const SIGNED_IN = 'You are signed in with an account: make your videos from the dashboard.'

/** Where a project's visitor carries on: the first step not done yet. */
export function trialStepPath(project: Pick<TrialProject, 'id' | 'property' | 'photos' | 'props' | 'template' | 'format'>): string {
  if (!project.property || project.photos.length < TRIAL.minPhotos) return '/try/property'
  if (!project.props || !project.template || !project.format) return '/try/video'
  return `/try/${project.id}`
}

/** What the start needs from the request (the action gathers it; tests pass their own). */
export interface StartRequest {
  /** the request's Supabase client (cookies), which the anonymous session is written to */
  supabase: SupabaseClient
  /** the session's user, verified with the auth server, or null */
  user: User | null
  /** the client address as configuration allows (lib/auth/client-address.ts), or null */
  address: string | null
  captcha: CaptchaConfig | null
}

export async function startTrial(input: z.output<typeof startTrialSchema>, request: StartRequest): Promise<{ next: string }> {
  const { supabase, user: existing, address, captcha } = request
  if (existing && !existing.is_anonymous) throw new ActionError(SIGNED_IN)
  const db = supabase as unknown as Db
  if (!existing) {
    await takeAttempt({ name: 'trialStartsPerAddress', subject: address })
    if (captcha && !input.captchaToken) throw new ActionError(CAPTCHA_MISSING)
    const { data, error } = await supabase.auth.signInAnonymously({ options: { captchaToken: input.captchaToken } })
    if (error || !data.user) throw new ActionError(trialStartFailure(error ?? { message: 'no user' }))
    await admit(data.user.id)
  } else if (!(await isAdmitted(db, existing.id))) {
    // made elsewhere (or refused by the hourly cap before): the auth server checked the CAPTCHA,
    // when it is on, when this session was made; the per-address limit is ours
    await takeAttempt({ name: 'trialStartsPerAddress', subject: address })
    await admit(existing.id)
  }
  const { projectId } = await beginTrialProject(db, '', { fresh: input.fresh })
  const project = await latestTrialProject(db)
  return { next: project && project.id === projectId ? trialStepPath(project) : '/try/property' }
}

async function isAdmitted(db: Db, userId: string): Promise<boolean> {
  const { data, error } = await db.from('trial_admissions').select('user_id').eq('user_id', userId).maybeSingle()
  if (error) throw new Error(`reading the trial admission failed: ${error.message}`)
  return admissionSchema.nullable().parse(data) !== null
}

/**
 * Records that the app's checks passed for this visitor (service key: nobody else may write it; the
 * function refuses a non-anonymous account and an hour whose admissions are used up). Idempotent.
 */
async function admit(userId: string): Promise<void> {
  const { error } = await createAdminClient().rpc('admit_trial_visitor', { p_user_id: userId })
  if (!error) return
  if (error.message === TRIAL_BUSY) throw new ActionError(TRIAL_BUSY)
  console.error('[trials] could not admit a visitor', error.message)
  throw new ActionError('The trial could not start. Please try again in a moment.')
}

function trialStartFailure(error: { code?: string; status?: number; message: string }): string {
  if (error.code === 'anonymous_provider_disabled') return 'The free trial is closed at the moment. Sign up to make a video instead.'
  if (error.code === 'over_request_rate_limit' || error.status === 429) {
    return 'Too many trials were started from your network in the last hour. Try again later, or sign up to make videos.'
  }
  return describeAuthError(error).message
}
