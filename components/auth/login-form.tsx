'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { signIn } from '@/lib/auth/actions'
import { signInSchema } from '@/lib/auth/schema'
import { FormNotice } from './auth-heading'
import { useAuthForm } from './use-auth-form'

export function LoginForm({ next }: { next?: string }) {
  const router = useRouter()
  const { fieldErrors, formError, pending, handleSubmit, captcha } = useAuthForm({
    schema: signInSchema,
    submit: signIn,
    loading: 'Signing in…',
    onSuccess: (data, id) => {
      toast.success('Signed in. Welcome back!', { id })
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
        void handleSubmit({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), next })
      }}
      className="space-y-5"
    >
      {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" placeholder="you@agency.com" error={fieldErrors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.password}
        aside={
          <Link href="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:text-brand-800">
            Forgot password?
          </Link>
        }
      />
      {captcha}
      <Button type="submit" className="w-full" size="lg" pending={pending}>
        Sign in
      </Button>
    </form>
  )
}
