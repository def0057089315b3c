import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

/*
 * The project's own email templates (supabase/config.toml [auth.email.template.*]) are what the
 * stand-in sends: a trial visitor who signs up (an anonymous account given an email) is asked to
 * confirm to keep the trial video, not "Confirm Email Change"; a person changing their email reads
 * from and to which address. The link in each is the auth server's own verification link.
 */
describe("auth mails from the project's templates", () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ configFile: path.resolve('supabase/config.toml') })
  })
  afterAll(() => standIn?.stop())

  it('a trial visitor who gives an email is asked to confirm it to keep the trial video', async () => {
    const client = clientFor(standIn)
    must(await client.auth.signInAnonymously())
    const email = uniqueEmail('trial')
    must(await client.auth.updateUser({ email }, { emailRedirectTo: 'http://localhost:3000/auth/callback' }))
    const [mail] = standIn.mailbox.list(email)
    expect(mail.subject).toBe('Confirm your email for Listing Studio')
    expect(mail.html).toContain('Confirm your email to keep your trial video')
    expect(mail.html).not.toMatch(/Change Email|Confirm Email Change|Or enter this code/)
    const link = mail.links[0].url
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'))
    expect(mail.text).toContain(`Confirm my email: ${link}`)
    // the link is GoTrue's verification link and works as before
    const res = await fetch(link, { redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/auth\/callback/)
  })

  it('a confirmed account changing its email reads from which address to which', async () => {
    const admin = clientFor(standIn, 'service_role')
    const email = uniqueEmail('owner')
    must(await admin.auth.admin.createUser({ email, password: 'correct-horse-9', email_confirm: true }))
    const client = clientFor(standIn)
    must(await client.auth.signInWithPassword({ email, password: 'correct-horse-9' }))
    const next = uniqueEmail('moved')
    must(await client.auth.updateUser({ email: next }))
    const [mail] = standIn.mailbox.list(next)
    expect(mail.subject).toBe('Confirm your email for Listing Studio')
    expect(mail.html).toContain('Confirm your new email')
    expect(mail.text).toContain(`from ${email} to ${next}`)
  })

  it('recovery and the reauthentication code use their templates too', async () => {
    const admin = clientFor(standIn, 'service_role')
    const email = uniqueEmail('forgot')
    must(await admin.auth.admin.createUser({ email, password: 'correct-horse-9', email_confirm: true }))
    must(await clientFor(standIn).auth.resetPasswordForEmail(email))
    const client = clientFor(standIn)
    must(await client.auth.signInWithPassword({ email, password: 'correct-horse-9' }))
    must(await client.auth.reauthenticate())
    const mails = standIn.mailbox.list(email)
    const recovery = mails.find((m) => m.kind === 'recovery')!
    expect(recovery.subject).toBe('Reset your Listing Studio password')
    expect(recovery.text).toContain('Choose a new password: ')
    const code = mails.find((m) => m.kind === 'reauthentication')!
    expect(code.subject).toBe('Your Listing Studio confirmation code')
    expect(code.text).toContain(code.code!)
  })
})

function must<T extends { error: unknown }>(result: T): T {
  if (result.error) throw result.error
  return result
}
