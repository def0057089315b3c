import type { Metadata } from 'next'
import { Coins } from 'lucide-react'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { RedeemCouponForm } from '@/components/coupons/redeem-coupon-form'
import { CreditLedger } from '@/components/teams/credit-ledger'
import { DangerZone } from '@/components/teams/danger-zone'
import { InviteForm } from '@/components/teams/invite-form'
import { MembersList } from '@/components/teams/members-list'
import { PendingInvitations } from '@/components/teams/pending-invitations'
import { RenameTeamForm } from '@/components/teams/rename-team-form'
import { RENDER_CREDIT_COST } from '@/lib/constants'
import { formatCredits } from '@/lib/credits/labels'
import { getCreditBalance, listCreditLedger } from '@/lib/credits/queries'
import { avatarUrl } from '@/lib/profile/avatar-url'
import { requireTeam } from '@/lib/teams/context'
import { listMembers, listPendingInvitations } from '@/lib/teams/queries'

export const metadata: Metadata = { title: 'Team account' }

export default async function AccountPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { user, team, canManage } = await requireTeam((await params).team_id)
  const [members, invitations, balance, ledger] = await Promise.all([
    listMembers(team.id),
    canManage ? listPendingInvitations(team.id) : Promise.resolve([]),
    getCreditBalance(team.id),
    listCreditLedger(team.id),
  ])

  return (
    <>
      <PageHeader title="Team account" description={`Settings, people and credits of ${team.name}.`} />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Team</CardTitle>
            <CardDescription>The name your teammates see.</CardDescription>
          </CardHeader>
          <CardBody>
            <RenameTeamForm teamId={team.id} name={team.name} canManage={canManage} />
          </CardBody>
        </Card>

        <Card id="members" className="scroll-mt-20">
          <CardHeader>
            <CardTitle>Members</CardTitle>
            <CardDescription>
              {members.length} {members.length === 1 ? 'person' : 'people'} · owners manage everything, admins manage
              members, members create listings and videos.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <MembersList
              teamId={team.id}
              myUserId={user.id}
              myRole={team.role}
              members={members.map((m) => ({
                userId: m.userId,
                email: m.email,
                fullName: m.fullName,
                avatarUrl: avatarUrl(m.avatarPath),
                role: m.role,
              }))}
            />
          </CardBody>
        </Card>

        {canManage ? (
          <Card id="invitations" className="scroll-mt-20">
            <CardHeader>
              <CardTitle>Invite people</CardTitle>
              <CardDescription>We email them a link; they join after signing in with that address.</CardDescription>
            </CardHeader>
            <CardBody className="space-y-6">
              <InviteForm teamId={team.id} canInviteAdmins={team.role === 'owner'} />
              <div>
                <h3 className="mb-3 text-sm font-semibold text-ink">Pending invitations</h3>
                <PendingInvitations teamId={team.id} invitations={invitations} />
              </div>
            </CardBody>
          </Card>
        ) : null}

        <Card id="credits" className="scroll-mt-20">
          <CardHeader className="sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <CardTitle>Credits</CardTitle>
              <CardDescription>One render of a team video costs {formatCredits(RENDER_CREDIT_COST)}.</CardDescription>
            </div>
            <div className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-brand-800">
              <Coins aria-hidden className="size-4" />
              <span className="text-sm">
                Balance <strong data-testid="account-credit-balance" className="text-base tabular-nums">{balance}</strong>
              </span>
            </div>
          </CardHeader>
          <CardBody className="space-y-6">
            <div id="redeem" className="scroll-mt-20">
              <h3 className="mb-3 text-sm font-semibold text-ink">Redeem a coupon</h3>
              <RedeemCouponForm teamId={team.id} />
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold text-ink">History</h3>
              <CreditLedger entries={ledger} />
            </div>
          </CardBody>
        </Card>

        <Card className="border-danger-600/25">
          <CardHeader>
            <CardTitle className="text-danger-700">Leave or delete</CardTitle>
          </CardHeader>
          <CardBody>
            <DangerZone teamId={team.id} teamName={team.name} isOwner={team.role === 'owner'} />
          </CardBody>
        </Card>
      </div>
    </>
  )
}
