import type { Metadata } from 'next'
import type { SearchParams } from '@/lib/auth/page-props'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { AuthHeading, FormNotice } from '@/components/auth/auth-heading'
import { LoginForm } from '@/components/auth/login-form'
import { noticeFor } from '@/lib/auth/messages'
import { safeNextPath } from '@/lib/auth/next-path'
import { getUser } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Sign in' }

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams
  const next = typeof params.next === 'string' ? safeNextPath(params.next) : undefined
  if (await getUser()) redirect(next ?? '/dashboard')
  const notice = noticeFor(params.notice)
  const signupHref = next ? `/auth/signup?next=${encodeURIComponent(next)}` : '/auth/signup'
  return (
    <>
      <AuthHeading
        title="Sign in"
        description={
          <>
            New here?{' '}
            <Link href={signupHref} className="font-medium text-brand-700 hover:text-brand-800">
              Create an account
            </Link>
          </>
        }
      />
      {notice ? <FormNotice tone="info">{notice}</FormNotice> : null}
      <LoginForm next={next} />
    </>
  )
}
