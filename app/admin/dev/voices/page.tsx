import { VoicesManager } from '@/components/admin/voices/voices-manager'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { listVoicesForAdmin } from '@/lib/voices/queries'
import { serverProviders } from '@/lib/narration/server-providers'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('Voices')

export default async function AdminVoicesPage() {
  await requireAdmin()
  const supabase = await createClient()
  const voices = await listVoicesForAdmin(supabase as unknown as Db)
  return (
    <>
      <PageHeader
        title="Voices"
        description="The narrator voices teams can pick for their videos: their order, whether teams see them, and a sample of each. Every change is recorded in the audit log."
      />
      <VoicesManager voices={voices} providers={Object.keys(serverProviders())} />
    </>
  )
}
