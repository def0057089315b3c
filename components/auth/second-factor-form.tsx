'use client'

import { useEffect, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { describeMfaError, totpCodeSchema } from '@/lib/auth/second-factor'
import { createClient } from '@/lib/supabase/client'
import { FormNotice } from './auth-heading'

interface Enrolment {
  factorId: string
  qrCode: string
  secret: string
}

/**
 * The second step: with a verified authenticator, its code; without one, the enrolment (a QR code
 * to scan, the secret to type instead, then a code to prove it works). Both end with the session
 * at aal2 (supabase-js stores it in the cookies the server reads) and a move to `next`.
 */
export function SecondFactorForm({ factorId, next }: { factorId: string | null; next: string }) {
  const router = useRouter()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  useEffect(() => {
    if (factorId) return
    let cancelled = false
    const supabase = createClient()
    void (async () => {
      // a half-finished enrolment (a reload, another tab) is dropped and started again
      const listed = await supabase.auth.mfa.listFactors()
      for (const factor of listed.data?.all ?? []) {
        if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id })
      }
      const { data, error: failure } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' })
      if (cancelled) return
      if (failure || !data) return setError(describeMfaError(failure ?? { message: '' }))
      setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
    })()
    return () => {
      cancelled = true
    }
  }, [factorId])

  const target = factorId ?? enrolment?.factorId ?? null

  async function submit(raw: string) {
    const code = totpCodeSchema.safeParse(raw)
    if (!code.success) return setError(code.error.issues[0].message)
    if (!target) return
    setPending(true)
    setError(null)
    const { error: failure } = await createClient().auth.mfa.challengeAndVerify({ factorId: target, code: code.data })
    setPending(false)
    if (failure) return setError(describeMfaError(failure))
    toast.success(factorId ? 'Confirmed. Welcome back!' : 'Your authenticator is set up.')
    router.replace(next)
    router.refresh()
  }

  return (
    <form
      method="post"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        void submit(String(new FormData(event.currentTarget).get('code') ?? ''))
      }}
    >
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      {factorId ? null : enrolment ? (
        <div className="space-y-3">
          <p className="text-sm text-muted">Scan this code with an authenticator app (1Password, Google Authenticator, Authy…):</p>
          {/* the SVG is GoTrue's, made from the otpauth URI; an img keeps it out of the DOM's scripts */}
          <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={192} height={192} className="rounded-lg border border-border bg-white p-2" />
          <p className="text-sm text-muted">
            Or type this key: <code className="font-mono text-ink select-all break-all">{enrolment.secret}</code>
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted" role="status">
          Preparing your authenticator…
        </p>
      )}
      <Field label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" maxLength={7} autoFocus />
      <Button type="submit" className="w-full" size="lg" pending={pending} disabled={!target}>
        {factorId ? 'Confirm' : 'Turn on and continue'}
      </Button>
    </form>
  )
}
