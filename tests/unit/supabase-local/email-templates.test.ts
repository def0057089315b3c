import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderTemplate, textOf } from '../../../supabase/local/auth/templates.ts'
import { resolveConfig } from '../../../supabase/local/config.ts'

describe('email templates: the Go-template subset GoTrue mails use', () => {
  it('puts values in, escaped for HTML, and reads .Data keys', () => {
    const out = renderTemplate('<a href="{{ .ConfirmationURL }}">Go</a> {{.Email}} {{ .Data.name }} {{ .Missing }}.', {
      ConfirmationURL: 'http://x.test/verify?token=a&type=signup',
      Email: '<b>@x.test',
      Data: { name: 'Maya' },
    })
    expect(out).toBe('<a href="http://x.test/verify?token=a&amp;type=signup">Go</a> &lt;b&gt;@x.test Maya .')
  })

  it('decides {{ if }} / {{ else }} / {{ end }} by whether the value is empty', () => {
    const source = '{{ if .Email }}Change from {{ .Email }}{{ else }}Keep your trial{{ end }} to {{ .NewEmail }}'
    expect(renderTemplate(source, { Email: 'old@x.test', NewEmail: 'new@x.test' })).toBe('Change from old@x.test to new@x.test')
    expect(renderTemplate(source, { Email: '', NewEmail: 'new@x.test' })).toBe('Keep your trial to new@x.test')
    expect(renderTemplate('{{ if .Token }}code {{ .Token }}{{ end }}!', {})).toBe('!')
  })

  it('leaves a subject unescaped when asked (it is not HTML)', () => {
    expect(renderTemplate('Hi {{ .Email }}', { Email: 'a&b@x.test' }, { escape: false })).toBe('Hi a&b@x.test')
  })

  it('gives the readable text of a rendered mail, links spelled out', () => {
    expect(textOf('<h1>Hello</h1><p>Press <a href="http://x.test/v?a=1&amp;b=2">Confirm</a> now.</p><style>p{}</style>')).toBe('Hello\nPress Confirm: http://x.test/v?a=1&b=2 now.')
  })
})

describe('[auth.email.template.*] of config.toml', () => {
  let dir: string
  const toml = async (name: string, lines: string[]) => {
    const file = path.join(dir, name, 'supabase', 'config.toml')
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, lines.join('\n'))
    return file
  }
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mail-templates-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it("reads the project's own templates: subject and body for every mail the app sends", async () => {
    const { emailTemplates } = (await resolveConfig({ env: {} })).auth
    expect(Object.keys(emailTemplates).sort()).toEqual(['confirmation', 'email_change', 'magic_link', 'reauthentication', 'recovery'])
    expect(emailTemplates.email_change?.subject).toBe('Confirm your email for Listing Studio')
    expect(emailTemplates.email_change?.content).toContain('{{ .ConfirmationURL }}')
    expect(emailTemplates.reauthentication?.content).toContain('{{ .Token }}')
  })

  it('reads content_path from the project root, and refuses an unknown template or a missing file', async () => {
    const ok = await toml('ok', ['[auth.email.template.recovery]', 'subject = "Reset"', 'content_path = "./supabase/templates/r.html"'])
    await mkdir(path.join(path.dirname(ok), 'templates'), { recursive: true })
    await writeFile(path.join(path.dirname(ok), 'templates', 'r.html'), '<p>{{ .ConfirmationURL }}</p>')
    expect((await resolveConfig({ env: {}, configFile: ok })).auth.emailTemplates).toEqual({ recovery: { subject: 'Reset', content: '<p>{{ .ConfirmationURL }}</p>' } })

    const unknown = await toml('unknown', ['[auth.email.template.welcome]', 'subject = "Hi"'])
    await expect(resolveConfig({ env: {}, configFile: unknown })).rejects.toThrow(/welcome.*not a template GoTrue knows/)
    const missing = await toml('missing', ['[auth.email.template.recovery]', 'content_path = "./supabase/templates/none.html"'])
    await expect(resolveConfig({ env: {}, configFile: missing })).rejects.toThrow(/no file at/)
  })
})
