'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { updatePassword } from '@/lib/auth/actions'
import { resetPasswordSchema } from '@/lib/auth/schema'
import { PASSWORD_MIN } from '@/lib/constants'
import { FormNotice } from './auth-heading'
import { useAuthForm } from './use-auth-form'

export function ResetPasswordForm({ next }: { next?: string }) {
  const router = useRouter()
  const { fieldErrors, formError, pending, handleSubmit } = useAuthForm({
    schema: resetPasswordSchema,
    submit: updatePassword,
    loading: 'Saving your new password…',
    onSuccess: (data, id) => {
      toast.success('Your password was changed.', { id })
      router.replace(data.next)
      router.refresh()
    },
  })

  return (
    <form method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        void handleSubmit({
          password: String(form.get('password') ?? ''),
          confirmPassword: String(form.get('confirmPassword') ?? ''),
          next,
        })
      }}
      className="space-y-5"
    >
      {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <Field label="Repeat the new password" name="confirmPassword" type="password" autoComplete="new-password" error={fieldErrors.confirmPassword} />
      <Button type="submit" className="w-full" size="lg" pending={pending}>
        Save new password
      </Button>
    </form>
  )
}
