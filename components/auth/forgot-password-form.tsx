'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { requestPasswordReset } from '@/lib/auth/actions'
import { forgotPasswordSchema } from '@/lib/auth/schema'
import { FormNotice } from './auth-heading'
import { useAuthForm } from './use-auth-form'

export const RESET_SENT = 'If an account exists for that email, we sent a link to reset the password.'

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false)
  const { fieldErrors, formError, pending, handleSubmit, captcha } = useAuthForm({
    schema: forgotPasswordSchema,
    submit: requestPasswordReset,
    loading: 'Sending the link…',
    onSuccess: (_data, id) => {
      toast.success('Check your inbox.', { id })
      setSent(true)
    },
  })

  return (
    <form method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        void handleSubmit({ email: String(form.get('email') ?? '') })
      }}
      className="space-y-5"
    >
      {sent ? <FormNotice tone="success">{RESET_SENT} It is valid for one hour.</FormNotice> : null}
      {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" placeholder="you@agency.com" error={fieldErrors.email} />
      {captcha}
      <Button type="submit" className="w-full" size="lg" pending={pending}>
        {sent ? 'Send again' : 'Send reset link'}
      </Button>
    </form>
  )
}
