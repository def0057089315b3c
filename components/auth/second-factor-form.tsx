'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { FormNotice } from './auth-heading'
import { CodeField, codeOf, EnrolmentDetails, useAuthenticatorEnrolment, verifyCode } from './authenticator-enrolment'

/**
 * The second step: with a verified authenticator, its code; without one, the enrolment (a QR code
 * to scan, the secret to type instead, then a code to prove it works). Both end with the session
 * at aal2 (supabase-js stores it in the cookies the server reads) and a move to `next`.
 */
export function SecondFactorForm({ factorId, next }: { factorId: string | null; next: string }) {
  const router = useRouter()
  const { enrolment, error: enrolError } = useAuthenticatorEnrolment(factorId === null, 'Authenticator app')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const target = factorId ?? enrolment?.factorId ?? null

  async function submit(raw: string) {
    if (!target) return
    setPending(true)
    setError(null)
    const failure = await verifyCode(target, raw)
    setPending(false)
    if (failure) return setError(failure)
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
        void submit(codeOf(event.currentTarget))
      }}
    >
      {(error ?? enrolError) ? <FormNotice tone="error">{error ?? enrolError}</FormNotice> : null}
      {factorId ? null : <EnrolmentDetails enrolment={enrolment} />}
      <CodeField autoFocus />
      <Button type="submit" className="w-full" size="lg" pending={pending} disabled={!target}>
        {factorId ? 'Confirm' : 'Turn on and continue'}
      </Button>
    </form>
  )
}
