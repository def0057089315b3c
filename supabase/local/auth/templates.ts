import type { EmailOtpType } from './mail.ts'

/**
 * Custom email templates as the Supabase CLI reads them from config.toml
 * (`[auth.email.template.<name>]`: `subject` and `content_path`) and GoTrue renders them: Go
 * templates over `{{ .ConfirmationURL }}`, `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`,
 * `{{ .RedirectTo }}`, `{{ .Email }}`, `{{ .NewEmail }}` and `{{ .Data.<key> }}` (the user's
 * metadata). The stand-in renders the subset templates use: those values, and
 * `{{ if .X }}…{{ else }}…{{ end }}` (not nested). Values are HTML-escaped, as html/template does.
 */

export const TEMPLATE_NAMES = ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const
export type TemplateName = (typeof TEMPLATE_NAMES)[number]

export interface EmailTemplate {
  subject?: string
  /** the file's content (read at start-up, as the CLI reads content_path) */
  content?: string
}

export type EmailTemplates = Partial<Record<TemplateName, EmailTemplate>>

/** Which template a verification mail uses (GoTrue's mailer: signup → confirmation, magiclink → magic_link). */
export const TEMPLATE_OF: Record<EmailOtpType, TemplateName> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
}

export interface TemplateValues {
  ConfirmationURL?: string
  Token?: string
  TokenHash?: string
  SiteURL?: string
  RedirectTo?: string
  Email?: string
  NewEmail?: string
  Data?: Record<string, unknown>
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;')

function valueOf(path: string, values: TemplateValues): string {
  const [head, ...rest] = path.split('.')
  let value: unknown = (values as Record<string, unknown>)[head]
  for (const key of rest) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return value === undefined || value === null ? '' : String(value)
}

const CONDITIONAL = /\{\{-?\s*if\s+\.([A-Za-z][\w.]*)\s*-?\}\}([\s\S]*?)(?:\{\{-?\s*else\s*-?\}\}([\s\S]*?))?\{\{-?\s*end\s*-?\}\}/g
const VALUE = /\{\{-?\s*\.([A-Za-z][\w.]*)\s*-?\}\}/g

/** A template's text with its conditionals decided and its values put in (escaped unless `escape` is false). */
export function renderTemplate(source: string, values: TemplateValues, { escape = true } = {}): string {
  const decided = source.replace(CONDITIONAL, (_, path: string, then: string, otherwise = '') => (valueOf(path, values) ? then : otherwise))
  return decided.replace(VALUE, (_, path: string) => (escape ? escapeHtml(valueOf(path, values)) : valueOf(path, values)))
}

/** The readable text of a rendered HTML mail (for the mailbox's text part). */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label.replace(/<[^>]+>/g, '').trim()}: ${href}`)
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n')
}
