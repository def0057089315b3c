import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createServerClient } from '@supabase/ssr'
import type { SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { expect } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import type { Db } from '../../../lib/listings/refusal.ts'
import { finalizeTrialPhoto, prepareTrialPhoto } from '../../../lib/trials/photos.ts'
import { beginTrialProject, chooseTrialLook, saveTrialProperty } from '../../../lib/trials/steps.ts'
import { uniqueEmail } from '../../helpers/supabase.ts'
import { must } from '../app/cast.ts'
import { admitVisitor } from './admit.ts'

// Keeping the trial, as the app does it: a server client (PKCE, the session in cookies) per browser,
// the trial made with the try steps, emailed links followed like a browser follows them.

export const JPEG = readFileSync(path.resolve('public/remotion/samples/living-room.jpg'))

export interface Browser {
  db: Db
  jar: Map<string, string>
}

/** One browser: the app's server client with this browser's cookies (the PKCE verifier lives there). */
export function browser(standIn: StandIn): Browser {
  const jar = new Map<string, string>()
  const client = createServerClient(standIn.url, standIn.config.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (list) => {
        for (const c of list) {
          if (!c.value || c.options?.maxAge === 0) jar.delete(c.name)
          else jar.set(c.name, c.value)
        }
      },
    },
    realtime: { transport: WebSocket as never },
  })
  return { db: client as unknown as Db, jar }
}

export interface Visitor extends Browser {
  id: string
}

/** A new visitor with an anonymous session, admitted, as /try/intro starts one. */
export async function visitor(standIn: StandIn): Promise<Visitor> {
  const b = browser(standIn)
  const { user } = authed(await b.db.auth.signInAnonymously(), 'anonymous sign-in')
  await admitVisitor(standIn, user!.id)
  return { ...b, id: user!.id }
}

/** A trial made through the steps: three photos, the property, a drafted (watermarked) video. */
export async function draftedTrial(v: Visitor): Promise<{ projectId: string; photos: string[] }> {
  const { projectId } = await beginTrialProject(v.db, v.id, { fresh: true })
  for (const name of ['front.jpg', 'living.jpg', 'garden.jpg']) {
    const prepared = await prepareTrialPhoto(v.db, v.id, { projectId, name, bytes: JPEG.length, mime: 'image/jpeg' })
    must(await v.db.storage.from('media').uploadToSignedUrl(prepared.path, prepared.token, JPEG, { contentType: prepared.contentType }), 'put')
    await finalizeTrialPhoto(v.db, v.id, { projectId, path: prepared.path })
  }
  const { photos } = must(await v.db.from('trial_projects').select('photos').eq('id', projectId).single(), 'photos')
  const property = {
    offer: 'sale', propertyType: 'house', addressLine: '14 Harbour View Rd', city: 'Sydney', country: 'AU',
    price: '1450000', currency: 'AUD', bedrooms: '4', bathrooms: '2.5', floorArea: '320', areaUnit: 'sqm',
  }
  await saveTrialProperty(v.db, v.id, { projectId, property, photos, captions: { [photos[1]]: 'Sunny living room' } })
  await chooseTrialLook(v.db, v.id, { projectId, template: 'social-reel', format: 'square' })
  return { projectId, photos }
}

/** Unwraps an auth call's answer (a union of the success and failure shapes), failing loudly. */
type Success<R> = R extends { error: null; data: infer D } ? D : never
export function authed<R extends { error: { message: string } | null }>(result: R, what: string): Success<R> {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  return (result as unknown as { data: Success<R> }).data
}

/** Follows an emailed link to its redirect, the way a browser does (303 from the auth server). */
export async function followLink(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!)
}

/** The newest mail to an address and its first link. */
export function linkIn(standIn: StandIn, to: string): string {
  const mails = standIn.mailbox.list(to)
  expect(mails.length, `a mail to ${to}`).toBeGreaterThan(0)
  return mails[0].links[0].url
}

/** A confirmed account (made with the service key, as the seed makes the demo users), signed in. */
export async function confirmedPerson(standIn: StandIn, service: SupabaseClient, prefix: string) {
  const email = uniqueEmail(prefix)
  const password = 'correct-horse-9'
  authed(await service.auth.admin.createUser({ email, password, email_confirm: true }), `create ${prefix}`)
  const b = browser(standIn)
  const { user } = authed(await b.db.auth.signInWithPassword({ email, password }), `sign in ${prefix}`)
  return { ...b, id: user.id, email }
}
