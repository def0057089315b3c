'use client'

import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { PASSWORD_MIN } from '@/lib/constants'
import { changeEmail, changePassword, updateProfileName } from '@/lib/profile/actions'
import { changeEmailSchema, changePasswordSchema, FULL_NAME_MAX, profileNameSchema } from '@/lib/profile/schema'

function Row({ children, button }: { children: React.ReactNode; button: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">{children}</div>
      <div className="sm:mt-7">{button}</div>
    </div>
  )
}

export function NameForm({ fullName }: { fullName: string | null }) {
  const form = useActionForm(profileNameSchema, updateProfileName, {
    loading: 'Saving your name…',
    success: () => 'Profile saved',
  })
  return (
    <form method="post" noValidate onSubmit={form.onSubmit()}>
      <Row
        button={
          <Button type="submit" variant="outline" pending={form.pending}>
            Save name
          </Button>
        }
      >
        <Field
          label="Full name"
          name="fullName"
          autoComplete="name"
          defaultValue={fullName ?? ''}
          maxLength={FULL_NAME_MAX + 20}
          placeholder="Your name as teammates see it"
          error={form.errors.fullName}
        />
      </Row>
    </form>
  )
}

export function EmailForm({ email }: { email: string }) {
  const form = useActionForm(changeEmailSchema, changeEmail, {
    loading: 'Updating your email…',
    success: (data) => (data.pendingConfirmation ? 'Check your inbox to confirm the change' : `Your email is now ${data.email}`),
    successDescription: (data) =>
      data.pendingConfirmation ? `We sent a confirmation link to ${data.email}. Until you open it, sign in with ${email}.` : undefined,
  })
  return (
    <form method="post" noValidate onSubmit={form.onSubmit()}>
      <Row
        button={
          <Button type="submit" variant="outline" pending={form.pending}>
            Change email
          </Button>
        }
      >
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={form.errors.email}
          hint="Used to sign in and for invitations."
        />
      </Row>
    </form>
  )
}

export function PasswordForm() {
  const ref = useRef<HTMLFormElement>(null)
  // shown once the server asks for the emailed code (secure password change on an older session)
  const [askCode, setAskCode] = useState(false)
  const form = useActionForm(
    changePasswordSchema,
    changePassword,
    { loading: 'Changing your password…', success: () => 'Password changed' },
    () => {
      ref.current?.reset()
      setAskCode(false)
    },
  )
  const showCode = askCode || Boolean(form.errors.nonce)
  if (form.errors.nonce && !askCode) setAskCode(true)
  return (
    <form ref={ref} method="post" noValidate onSubmit={form.onSubmit()} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={form.errors.currentPassword}
        />
        {showCode ? (
          <Field
            label="Code from the email"
            name="nonce"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={form.errors.nonce}
            hint="We emailed you a 6-digit code to confirm it is you."
          />
        ) : (
          <div aria-hidden className="hidden sm:block" />
        )}
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={form.errors.password}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={form.errors.confirmPassword}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="outline" pending={form.pending}>
          Change password
        </Button>
      </div>
    </form>
  )
}
