import type { Metadata } from 'next'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { AvatarUpload } from '@/components/dashboard/profile/avatar-upload'
import { AnalyticsPreference } from '@/components/observability/analytics-preference'
import { EmailForm, NameForm, PasswordForm } from '@/components/dashboard/profile/profile-forms'
import { TwoStepSettings } from '@/components/dashboard/profile/two-step-settings'
import { analyticsConfig } from '@/lib/analytics/config'
import { adminStanding, verifiedFactors } from '@/lib/auth/user'
import { myAnalyticsOptOut } from '@/lib/analytics/preferences'
import { avatarUrl } from '@/lib/profile/avatar-url'
import { getMyProfile } from '@/lib/profile/queries'
import { requireTeam } from '@/lib/teams/context'

export const metadata: Metadata = { title: 'Your profile' }

export default async function ProfilePage({ params }: { params: Promise<{ team_id: string }> }) {
  const { user } = await requireTeam((await params).team_id)
  const [profile, analyticsOptOut, factors, standing] = await Promise.all([
    getMyProfile(user.id),
    myAnalyticsOptOut(user.id),
    verifiedFactors(),
    adminStanding(),
  ])
  const email = user.email ?? ''

  return (
    <>
      <PageHeader title="Your profile" description="How you appear to your teammates, and how you sign in." />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Personal details</CardTitle>
            <CardDescription>Shown to everyone in your teams.</CardDescription>
          </CardHeader>
          <CardBody className="space-y-6">
            <AvatarUpload
              userId={user.id}
              name={profile?.fullName ?? null}
              email={email}
              currentUrl={avatarUrl(profile?.avatarPath)}
            />
            <NameForm fullName={profile?.fullName ?? null} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Email</CardTitle>
            <CardDescription>Changing it may need a confirmation from the new address.</CardDescription>
          </CardHeader>
          <CardBody>
            <EmailForm email={email} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Password</CardTitle>
            <CardDescription>Other devices stay signed in until their session ends.</CardDescription>
          </CardHeader>
          <CardBody>
            <PasswordForm />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Two-step sign-in</CardTitle>
            <CardDescription>A code from an authenticator app on your phone, asked after your password.</CardDescription>
          </CardHeader>
          <CardBody>
            <TwoStepSettings factors={factors} isAdmin={standing !== 'none'} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Privacy</CardTitle>
            <CardDescription>Helps us see what to improve. Your choice follows your account to every device.</CardDescription>
          </CardHeader>
          <CardBody>
            <AnalyticsPreference optedOut={analyticsOptOut} configured={analyticsConfig() !== null} />
          </CardBody>
        </Card>
      </div>
    </>
  )
}
