import { randomUUID } from 'node:crypto'
import type { LocalRequest, LocalResponse, Service } from './http.ts'
import { json } from './http.ts'

export type MailKind = 'confirmation' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'reauthentication' | 'other'

export interface MailLink {
  label: string
  url: string
}

export interface Mail {
  id: string
  to: string
  subject: string
  kind: MailKind
  text: string
  html: string
  links: MailLink[]
  /** a one-time code the message carries, when it has one */
  code: string | null
  sentAt: string
}

export type OutgoingMail = Omit<Mail, 'id' | 'sentAt' | 'code' | 'html'> & { code?: string | null; html?: string }

/** Every email the auth server would send, kept for people (HTML page) and tests (JSON). */
export class Mailbox {
  private mails: Mail[] = []
  private waiters = new Set<() => void>()

  send(m: OutgoingMail): Mail {
    const mail: Mail = {
      ...m,
      id: randomUUID(),
      code: m.code ?? null,
      html: m.html ?? `<p>${escapeHtml(m.text)}</p>`,
      sentAt: new Date().toISOString(),
    }
    this.mails.push(mail)
    if (this.mails.length > 500) this.mails.shift()
    for (const w of this.waiters) w()
    return mail
  }

  list(to?: string): Mail[] {
    const all = to ? this.mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : this.mails
    return [...all].reverse()
  }

  clear(to?: string) {
    this.mails = to ? this.mails.filter((m) => m.to.toLowerCase() !== to.toLowerCase()) : []
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function page(mails: Mail[]): string {
  const rows = mails
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> <span>to ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)} · ${m.kind}</span></header>
  <div class="body">${m.html}</div>
  ${m.links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`).join('')}
  ${m.code ? `<p>Code: <code>${escapeHtml(m.code)}</code></p>` : ''}
</article>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:10px;padding:1rem;margin:0 0 1rem}header span{color:#6b7280;font-size:13px}
a{color:#2563eb}h1{font-size:20px}</style></head><body><h1>Local mailbox</h1>
<p>Emails the local auth server sent, newest first. JSON: <a href="/mailbox/api/messages">/mailbox/api/messages</a></p>
${rows || '<p>No emails yet.</p>'}</body></html>`
}

function parseOutgoing(body: Buffer): OutgoingMail | null {
  let v: Record<string, unknown>
  try {
    v = JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
  if (typeof v?.to !== 'string' || typeof v.subject !== 'string' || typeof v.text !== 'string') return null
  const links = Array.isArray(v.links)
    ? v.links.filter((l): l is MailLink => typeof l?.label === 'string' && typeof l?.url === 'string')
    : []
  return {
    to: v.to,
    subject: v.subject,
    text: v.text,
    html: typeof v.html === 'string' ? v.html : undefined,
    links,
    kind: 'other',
    code: typeof v.code === 'string' ? v.code : null,
  }
}

/** `/mailbox` (HTML), `POST /mailbox/api/messages` (app mail), `/mailbox/api/messages[?to=]` (JSON), `DELETE /mailbox/api/messages[?to=]`. */
export function mailboxService(mailbox: Mailbox): Service {
  return {
    prefix: '/mailbox',
    async handle(req: LocalRequest): Promise<LocalResponse> {
      const to = req.url.searchParams.get('to') ?? undefined
      if (req.path === '/' || req.path === '') {
        return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: page(mailbox.list(to)) }
      }
      if (req.path === '/api/messages') {
        if (req.method === 'POST') {
          // the app's own mail (team invitations…) in local development, as an SMTP catcher would
          const parsed = parseOutgoing(req.body)
          if (!parsed) return json(400, { message: 'expected {to, subject, text, html?, links?, kind?}' })
          return json(201, mailbox.send(parsed))
        }
        if (req.method === 'DELETE') {
          mailbox.clear(to)
          return { status: 204 }
        }
        return json(200, { messages: mailbox.list(to) })
      }
      return json(404, { message: 'Not found' })
    },
  }
}
