import type { Metadata } from 'next'
import type { SearchParams } from '@/lib/auth/page-props'
import Link from 'next/link'
import { AuthHeading, FormNotice } from '@/components/auth/auth-heading'
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form'
import { noticeFor } from '@/lib/auth/messages'

export const metadata: Metadata = { title: 'Reset your password' }

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const notice = noticeFor((await searchParams).notice)
  return (
    <>
      <AuthHeading title="Reset your password" description="Enter the email you signed up with and we will send you a link to choose a new password." />
      {notice ? <FormNotice tone="info">{notice}</FormNotice> : null}
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link href="/auth/login" className="font-medium text-brand-700 hover:text-brand-800">
          Back to sign in
        </Link>
      </p>
    </>
  )
}
