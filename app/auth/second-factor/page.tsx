import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { AuthHeading } from '@/components/auth/auth-heading'
import { SecondFactorForm } from '@/components/auth/second-factor-form'
import type { SearchParams } from '@/lib/auth/page-props'
import { loginPath, safeNextPath } from '@/lib/auth/next-path'
import { adminStanding, getUser, sessionAal, verifiedFactors } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Second factor' }

/**
 * The second step of signing in for anyone with an authenticator, and the first visit of an
 * administrator without one (administrators act only with a second factor: docs/security.md).
 * Already at aal2, or with nothing to ask: straight on to `next`.
 */
export default async function SecondFactorPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = safeNextPath(params.next)
  // not requireUser: it sends people without aal2 here; signed out, sign in first (then the code)
  if (!(await getUser())) redirect(loginPath(next)) // signing in comes back here when a code is needed
  const [aal, factors, standing] = await Promise.all([sessionAal(), verifiedFactors(), adminStanding()])
  if (aal === 'aal2') redirect(next)
  const verified = factors[0] ?? null
  if (!verified && standing === 'none') redirect(next)
  return (
    <>
      <AuthHeading
        title={verified ? 'Enter your code' : 'Set up your authenticator'}
        description={
          verified
            ? 'Open your authenticator app and enter the 6-digit code for this account.'
            : 'Administrators confirm each sign-in with a code from an authenticator app. It takes a minute, once.'
        }
      />
      <SecondFactorForm factorId={verified?.id ?? null} next={next} />
    </>
  )
}
