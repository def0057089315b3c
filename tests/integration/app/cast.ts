// The people every policy test is written about, built through the official clients only:
// a team ("Harbour Realty") with its owner, a team admin and a plain member; an outsider who owns
// another team; a site administrator who belongs to no team; a visitor with no session; the server.
import { Secret, TOTP } from 'otpauth'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, signedInClient, uniqueEmail } from '../../helpers/supabase.ts'

export const MIGRATIONS_DIR = path.resolve('supabase/migrations')
export const SEED_FILE = path.resolve('supabase/seed.sql')

export interface Person {
  client: SupabaseClient
  id: string
  email: string
}

export interface Cast {
  standIn: StandIn
  /** service key: sees and changes everything; used to look behind the policies */
  service: SupabaseClient
  /** no session at all */
  visitor: SupabaseClient
  owner: Person
  teamAdmin: Person
  member: Person
  /** owner of another team, not in ours */
  outsider: Person
  /** profiles.is_admin, member of no team */
  siteAdmin: Person
  teamId: string
  otherTeamId: string
}

/** Unwraps a supabase-js result, failing the test setup loudly with the server's message. */
export function must<T>(result: { data: T; error: { message: string } | null }, what: string): NonNullable<T> {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  if (result.data === null || result.data === undefined) throw new Error(`${what}: no data`)
  return result.data as NonNullable<T>
}

export async function signUp(standIn: StandIn, prefix: string): Promise<Person> {
  const { client, user, email } = await signedInClient(standIn, uniqueEmail(prefix))
  return { client, id: user.id, email }
}

export async function createTeam(person: Person, name: string): Promise<string> {
  return must(await person.client.rpc('create_team', { p_name: name }), `create_team ${name}`) as string
}

/** Invites `person` by email as `inviter` and accepts as `person`: the only way into a team. */
export async function join(inviter: Person, person: Person, teamId: string, role: 'admin' | 'member'): Promise<void> {
  const invite = must(
    await inviter.client.from('team_invitations').insert({ team_id: teamId, email: person.email, role }).select('token').single(),
    `invite ${person.email}`,
  ) as { token: string }
  must(await person.client.rpc('accept_team_invitation', { p_token: invite.token }), `accept ${person.email}`)
}

/** A fresh signed-in user who joined `teamId` with `role` (for tests that change or remove people). */
export async function newTeammate(cast: Cast, role: 'admin' | 'member', inviter: Person = cast.owner): Promise<Person> {
  const person = await signUp(cast.standIn, `mate-${role}`)
  await join(inviter, person, cast.teamId, role)
  return person
}

/** Enrols a TOTP factor for this signed-in client and verifies it: the session becomes aal2. */
export async function passSecondFactor(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `test ${Date.now()}` })
  if (error || !data) throw new Error(`enrol: ${error?.message}`)
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(data.totp.secret) }).generate()
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code })
  if (verified.error) throw new Error(`verify: ${verified.error.message}`)
  return data.totp.secret
}

export async function assembleCast(opts: { standIn?: StandIn } = {}): Promise<Cast> {
  const standIn = opts.standIn ?? (await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null }))
  const service = clientFor(standIn, 'service_role')
  const visitor = clientFor(standIn, 'anon')
  const owner = await signUp(standIn, 'owner')
  const teamAdmin = await signUp(standIn, 'team-admin')
  const member = await signUp(standIn, 'member')
  const outsider = await signUp(standIn, 'outsider')
  const siteAdmin = await signUp(standIn, 'site-admin')

  const teamId = await createTeam(owner, 'Harbour Realty')
  await join(owner, teamAdmin, teamId, 'admin')
  await join(owner, member, teamId, 'member')
  const otherTeamId = await createTeam(outsider, 'Outsider Homes')
  must(await service.from('profiles').update({ is_admin: true }).eq('id', siteAdmin.id).select('id'), 'make site admin')
  // administrators act only at aal2 (private.is_admin()): the site admin's session passes a TOTP factor
  await passSecondFactor(siteAdmin.client)

  return { standIn, service, visitor, owner, teamAdmin, member, outsider, siteAdmin, teamId, otherTeamId }
}

/** Reads rows behind every policy, through the service key. */
export async function behind<T = Record<string, unknown>>(
  cast: Cast,
  table: string,
  match: Record<string, unknown>,
): Promise<T[]> {
  return must(await cast.service.from(table).select('*').match(match), `service read ${table}`) as T[]
}

/** Every kind of caller, for rules that hold "for anyone". */
export function everyone(cast: Cast): [string, SupabaseClient][] {
  return [
    ['visitor', cast.visitor],
    ['outsider', cast.outsider.client],
    ['member', cast.member.client],
    ['team admin', cast.teamAdmin.client],
    ['owner', cast.owner.client],
    ['site admin', cast.siteAdmin.client],
  ]
}
