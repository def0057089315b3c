import type { Metadata } from 'next'
import type { SearchParams } from '@/lib/auth/page-props'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { AuthHeading } from '@/components/auth/auth-heading'
import { SignupForm } from '@/components/auth/signup-form'
import { safeNextPath } from '@/lib/auth/next-path'
import { getUser } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Create your account' }

export default async function SignupPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = typeof params.next === 'string' ? safeNextPath(params.next) : undefined
  if (await getUser()) redirect(next ?? '/dashboard')
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
      <SignupForm next={next} />
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
