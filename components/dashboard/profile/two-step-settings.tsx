'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { KeyRound, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormNotice } from '@/components/auth/auth-heading'
import { CodeField, codeOf, EnrolmentDetails, useAuthenticatorEnrolment, verifyCode } from '@/components/auth/authenticator-enrolment'
import { formatDay } from '@/components/admin/format'
import { nextAuthenticatorName, type VerifiedFactor } from '@/lib/auth/factors'
import { describeMfaError } from '@/lib/auth/second-factor'
import { createClient } from '@/lib/supabase/client'

interface Props {
  factors: VerifiedFactor[]
  isAdmin: boolean
}

/**
 * Two-step sign-in on the profile page: turn it on (scan, then prove it with a code), add a backup
 * authenticator (the way back in when a phone is lost), and remove one. GoTrue lets a session remove
 * a verified authenticator only after passing a second factor, which every session of someone who
 * has one has done (requireUser sends them to it).
 */
export function TwoStepSettings({ factors, isAdmin }: Props) {
  const router = useRouter()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<VerifiedFactor | null>(null)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = nextAuthenticatorName(factors)
  const { enrolment, error: enrolError } = useAuthenticatorEnrolment(adding, name)
  const on = factors.length > 0

  async function confirm(raw: string) {
    if (!enrolment) return
    setPending(true)
    setError(null)
    const failure = await verifyCode(enrolment.factorId, raw)
    setPending(false)
    if (failure) return setError(failure)
    toast.success(on ? 'Backup authenticator added.' : 'Two-step sign-in is on. We will ask for a code each time you sign in.')
    setAdding(false)
    router.refresh()
  }

  async function cancel() {
    setAdding(false)
    setError(null)
    if (enrolment) await createClient().auth.mfa.unenroll({ factorId: enrolment.factorId })
  }

  async function remove(factor: VerifiedFactor) {
    setPending(true)
    const { error: failure } = await createClient().auth.mfa.unenroll({ factorId: factor.id })
    setPending(false)
    setRemoving(null)
    if (failure) return toast.error(describeMfaError(failure))
    toast.success(factors.length > 1 ? `${factor.friendlyName} removed.` : 'Two-step sign-in is off.')
    router.refresh()
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" role="status">
        {on
          ? `On: each sign-in asks for a code from ${factors.length > 1 ? 'one of your authenticator apps' : 'your authenticator app'}.`
          : 'Off: a password alone signs you in. Turn it on to be asked for a code from an authenticator app as well.'}
        {isAdmin ? ' Administrators always need it to use the admin area.' : ''}
      </p>
      {on ? (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Your authenticators">
          {factors.map((factor) => (
            <li key={factor.id} className="flex items-center gap-3 px-4 py-3">
              <KeyRound aria-hidden className="size-4 text-muted" />
              <div className="flex-1">
                <p className="text-sm font-medium text-ink">{factor.friendlyName}</p>
                <p className="text-xs text-muted">Added {formatDay(factor.createdAt)}</p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setRemoving(factor)} aria-label={`Remove ${factor.friendlyName}`}>
                <Trash2 aria-hidden />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <form
          method="post"
          noValidate
          className="space-y-4 rounded-xl border border-border p-4"
          onSubmit={(event) => {
            event.preventDefault()
            void confirm(codeOf(event.currentTarget))
          }}
        >
          {(error ?? enrolError) ? <FormNotice tone="error">{error ?? enrolError}</FormNotice> : null}
          <EnrolmentDetails enrolment={enrolment} />
          <CodeField />
          <div className="flex gap-2">
            <Button type="submit" pending={pending} disabled={!enrolment}>
              {on ? 'Add authenticator' : 'Turn on'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => void cancel()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant={on ? 'outline' : 'secondary'} size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          {on ? 'Add a backup authenticator' : 'Turn on two-step sign-in'}
        </Button>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.friendlyName ?? 'this authenticator'}?`}
        description={
          factors.length > 1
            ? 'Its codes will no longer sign you in. Your other authenticator keeps two-step sign-in on.'
            : isAdmin
              ? 'Two-step sign-in turns off. You will be asked to set up a new authenticator before using the admin area again.'
              : 'Two-step sign-in turns off: a password alone will sign you in.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button variant="danger" pending={pending} onClick={() => removing && void remove(removing)}>
              Remove
            </Button>
          </>
        }
      />
    </div>
  )
}
