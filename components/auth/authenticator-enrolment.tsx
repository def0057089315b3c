'use client'

import { useEffect, useState } from 'react'
import { Field } from '@/components/ui/field'
import { describeMfaError, totpCodeSchema } from '@/lib/auth/second-factor'
import { createClient } from '@/lib/supabase/client'

export interface Enrolment {
  factorId: string
  qrCode: string
  secret: string
}

/**
 * Starts a TOTP enrolment while `active` (GoTrue makes the secret and its QR code): a half-finished
 * one left by a reload or another tab is dropped first, so the friendly name is free again.
 */
export function useAuthenticatorEnrolment(active: boolean, friendlyName: string) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!active) return
    let cancelled = false
    const supabase = createClient()
    void (async () => {
      const listed = await supabase.auth.mfa.listFactors()
      for (const factor of listed.data?.all ?? []) {
        if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id })
      }
      const { data, error: failure } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
      if (cancelled) return
      if (failure || !data) return setError(describeMfaError(failure ?? { message: '' }))
      setError(null)
      setEnrolment({ factorId: data.id, qrCode: svgDataUri(data.totp.qr_code), secret: data.totp.secret })
    })()
    return () => {
      cancelled = true
      setEnrolment(null)
    }
  }, [active, friendlyName])

  return { enrolment, error }
}

/**
 * supabase-js hands the QR code over as `data:image/svg+xml;utf-8,<svg…>` with the markup unencoded;
 * encoding it keeps any '#' or '%' in the SVG from cutting the image short.
 */
function svgDataUri(qrCode: string): string {
  const markup = qrCode.replace(/^data:image\/svg\+xml;utf-8,/, '')
  return markup.startsWith('<') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` : qrCode
}

/** The QR code to scan and the key to type instead (or "preparing" while GoTrue makes them). */
export function EnrolmentDetails({ enrolment }: { enrolment: Enrolment | null }) {
  if (!enrolment) {
    return (
      <p className="text-sm text-muted" role="status">
        Preparing your authenticator…
      </p>
    )
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">Scan this code with an authenticator app (1Password, Google Authenticator, Authy…):</p>
      {/* the SVG is GoTrue's, made from the otpauth URI; an img keeps it out of the DOM's scripts */}
      {/* a data: URI made in the browser: next/image has nothing to optimise */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={192} height={192} className="rounded-lg border border-border bg-white p-2" />
      <p className="text-sm text-muted">
        Or type this key: <code className="font-mono text-ink select-all break-all">{enrolment.secret}</code>
      </p>
    </div>
  )
}

/** The code box both forms use: digits on phones, the one-time-code autofill. */
export function CodeField({ autoFocus = false }: { autoFocus?: boolean }) {
  return <Field label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" maxLength={7} autoFocus={autoFocus} />
}

/** The code typed in a form (its `code` field). */
export function codeOf(form: HTMLFormElement): string {
  return String(new FormData(form).get('code') ?? '')
}

/**
 * Checks a typed code and verifies it against the factor (GoTrue: challenge, then verify; the
 * session becomes aal2). Null when it passed, else the message to show.
 */
export async function verifyCode(factorId: string, raw: string): Promise<string | null> {
  const code = totpCodeSchema.safeParse(raw)
  if (!code.success) return code.error.issues[0].message
  const { error } = await createClient().auth.mfa.challengeAndVerify({ factorId, code: code.data })
  return error ? describeMfaError(error) : null
}
