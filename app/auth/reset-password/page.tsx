import type { Metadata } from 'next'
import { AuthHeading } from '@/components/auth/auth-heading'
import { ResetPasswordForm } from '@/components/auth/reset-password-form'
import { ButtonLink } from '@/components/ui/button'
import { safeNextPath } from '@/lib/auth/next-path'
import type { SearchParams } from '@/lib/auth/page-props'
import { getUser } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Choose a new password' }

/**
 * Opened from the reset email: /auth/callback has turned the link into a session first. A trial
 * visitor whose password had to wait for that fresh session (lib/auth/convert.ts) comes here with
 * `next`, the offer to import their trial.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = typeof params.next === 'string' ? safeNextPath(params.next) : undefined
  const user = await getUser()
  if (!user) {
    return (
      <>
        <AuthHeading
          title="Open the link from your email"
          description="This page sets a new password after you follow the link we email you. The link may have expired: request a new one."
        />
        <ButtonLink href="/auth/forgot-password" className="w-full" size="lg">
          Request a reset link
        </ButtonLink>
      </>
    )
  }
  return (
    <>
      <AuthHeading
        title="Choose a new password"
        description={
          <>
            For <span className="font-medium text-ink">{user.email}</span>. You stay signed in afterwards.
          </>
        }
      />
      <ResetPasswordForm next={next} />
    </>
  )
}
