import 'server-only'
import { isLocalSupabase, publicEnv } from '@/lib/env'

export interface EmailLink {
  label: string
  url: string
}

export interface Email {
  to: string
  subject: string
  text: string
  html?: string
  links?: EmailLink[]
}

export type SendResult = { delivered: true; via: 'local-mailbox' } | { delivered: false; reason: string }

/**
 * The app's own mail (invitations and the like; auth mail is the auth server's). Against the
 * embedded stand-in it lands in the local mailbox next to the auth emails; with a hosted project
 * there is no provider yet (a later issue), so it logs a warning and reports it was not delivered.
 */
export async function sendEmail(email: Email): Promise<SendResult> {
  const url = publicEnv().NEXT_PUBLIC_SUPABASE_URL
  if (!isLocalSupabase(url)) {
    console.warn(`[email] no email provider configured; not sent: "${email.subject}" to ${email.to}`)
    return { delivered: false, reason: 'no email provider configured' }
  }
  const response = await fetch(`${url.replace(/\/$/, '')}/mailbox/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...email, links: email.links ?? [] }),
  })
  if (!response.ok) {
    throw new Error(`The local mailbox refused the email (${response.status}): ${await response.text()}`)
  }
  return { delivered: true, via: 'local-mailbox' }
}
