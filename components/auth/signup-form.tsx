'use client'

import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { capture } from '@/lib/analytics/browser'
import { signUp } from '@/lib/auth/actions'
import { signUpSchema } from '@/lib/auth/schema'
import { PASSWORD_MIN } from '@/lib/constants'
import { FormNotice } from './auth-heading'
import { useAuthForm } from './use-auth-form'

/** `keepTrial`: the visitor has a trial session, whose account this form converts (same user). */
export function SignupForm({ next, keepTrial = false }: { next?: string; keepTrial?: boolean }) {
  const router = useRouter()
  const [confirmTo, setConfirmTo] = useState<string | null>(null)
  const [passwordLater, setPasswordLater] = useState(false)
  const submittedEmail = useRef('')
  const { fieldErrors, formError, pending, handleSubmit, captcha } = useAuthForm({
    schema: signUpSchema,
    submit: signUp,
    loading: 'Creating your account…',
    onSuccess: (data, id) => {
      capture('signed_up', { from_trial: keepTrial, needs_confirmation: Boolean(data.needsConfirmation) })
      if (data.needsConfirmation) {
        toast.info('Check your inbox to confirm your email.', { id })
        setPasswordLater('passwordLater' in data && data.passwordLater)
        setConfirmTo(submittedEmail.current)
        return
      }
      toast.success('Your account is ready.', { id })
      router.replace(data.next)
      router.refresh()
    },
  })

  if (confirmTo) {
    return (
      <FormNotice tone="success">
        We sent a confirmation link to <strong>{confirmTo}</strong>. Open it to finish creating your account
        {keepTrial ? ' — in this browser, and your trial comes with you' : ''}.
        {passwordLater ? ' Your trial session is more than a day old, so the link asks you to choose your password once more.' : ''}
      </FormNotice>
    )
  }

  return (
    <form method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        submittedEmail.current = String(form.get('email') ?? '')
        void handleSubmit({
          fullName: String(form.get('fullName') ?? ''),
          email: submittedEmail.current,
          password: String(form.get('password') ?? ''),
          next,
        })
      }}
      className="space-y-5"
    >
      {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
      <Field label="Full name" name="fullName" autoComplete="name" placeholder="Alex Morgan" error={fieldErrors.fullName} />
      <Field label="Work email" name="email" type="email" autoComplete="email" placeholder="you@agency.com" error={fieldErrors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      {captcha}
      <Button type="submit" className="w-full" size="lg" pending={pending}>
        Create account
      </Button>
    </form>
  )
}
