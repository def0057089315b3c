import { NextResponse, type NextRequest } from 'next/server'
import { createClient } from '@/lib/supabase/server'

/** POST only: a GET (a prefetch, an image tag) must never sign anyone out. */
export async function POST(request: NextRequest) {
  const supabase = await createClient()
  const { error } = await supabase.auth.signOut()
  if (error) console.warn('[auth] sign-out failed', error.code, error.message)
  // 303 turns the POST into a GET of the sign-in page
  return NextResponse.redirect(new URL('/auth/login?notice=signed-out', request.nextUrl.origin), { status: 303 })
}
