import type { Metadata } from 'next'
import type { SearchParams } from '@/lib/auth/page-props'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { AuthHeading, FormNotice } from '@/components/auth/auth-heading'
import { SignupForm } from '@/components/auth/signup-form'
import { safeNextPath } from '@/lib/auth/next-path'
import { getSessionUser } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Create your account' }

export default async function SignupPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = typeof params.next === 'string' ? safeNextPath(params.next) : undefined
  const user = await getSessionUser()
  if (user && !user.is_anonymous) redirect(next ?? '/dashboard')
  // a trial visitor: signing up converts their account, so the trial stays theirs (lib/auth/keep-trial.ts)
  const keepTrial = user?.is_anonymous === true
  const loginHref = next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login'
  return (
    <>
      <AuthHeading
        title="Create your account"
        description={
          <>
            Already have one?{' '}
            <Link href={loginHref} className="font-medium text-brand-700 hover:text-brand-800">
              Sign in
            </Link>
          </>
        }
      />
      {keepTrial ? (
        <FormNotice tone="info">
          Your trial is kept: signing up turns this trial into your account, so the property, its photos and your video stay
          yours. After you confirm your email you can bring them into your new team, without the watermark.
        </FormNotice>
      ) : null}
      <SignupForm next={next} keepTrial={keepTrial} />
      <p className="mt-6 text-xs leading-5 text-subtle">
        By creating an account you agree to our{' '}
        <Link href="/terms" className="underline underline-offset-2 hover:text-ink">
          terms of service
        </Link>{' '}
        and{' '}
        <Link href="/privacy" className="underline underline-offset-2 hover:text-ink">
          privacy policy
        </Link>
        .
      </p>
    </>
  )
}
