import { Ticket } from 'lucide-react'
import { CouponTable } from '@/components/coupons/coupon-table'
import { CreateCouponForm } from '@/components/coupons/create-coupon-form'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import { listCoupons } from '@/lib/coupons/queries'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('Coupons')

export default async function AdminCouponsPage() {
  await requireAdmin()
  const { coupons, total, readAt } = await listCoupons()
  return (
    <>
      <PageHeader
        eyebrow="Developer"
        title="Coupons"
        description="Codes that give a team extra render credits. Each team can redeem a code once, from its account page."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>New coupon</CardTitle>
            <CardDescription>Codes are matched in any case. Use Generate for a code nobody can guess.</CardDescription>
          </CardHeader>
          <CardBody>
            <CreateCouponForm />
          </CardBody>
        </Card>

        <Card className="overflow-hidden">
          <CardHeader>
            <CardTitle>All coupons</CardTitle>
            <CardDescription>
              {total === 0
                ? 'None yet.'
                : total > coupons.length
                  ? `The newest ${coupons.length} of ${total}.`
                  : `${total} ${total === 1 ? 'coupon' : 'coupons'}, newest first. A deactivated coupon keeps its past redemptions.`}
            </CardDescription>
          </CardHeader>
          {coupons.length ? (
            <CouponTable coupons={coupons} now={readAt} />
          ) : (
            <CardBody>
              <EmptyState
                icon={<Ticket aria-hidden />}
                title="No coupons yet"
                description="Create one above, then share its code: a team member redeems it on their team's account page."
              />
            </CardBody>
          )}
        </Card>
      </div>
    </>
  )
}
