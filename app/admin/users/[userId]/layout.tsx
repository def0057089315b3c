import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { userExists } from '@/lib/admin/queries'
import { requireAdmin } from '@/lib/auth/user'
import { isUuid } from '@/lib/auth/uuid'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'

/**
 * An unknown user id answers 404. The check sits here, above the page's loading skeleton: a
 * not-found thrown after a skeleton has streamed would keep the 200 already sent.
 */
export default async function AdminUserLayout({ children, params }: { children: ReactNode; params: Promise<{ userId: string }> }) {
  await requireAdmin()
  const { userId } = await params
  if (!isUuid(userId)) notFound()
  if (!(await userExists((await createClient()) as unknown as Db, userId))) notFound()
  return children
}
