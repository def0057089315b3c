'use client'

import { useEffect } from 'react'
import { groupTeam } from '@/lib/analytics/browser'
import { setMonitoringTeam } from '@/lib/monitoring/browser'

/** Dashboard pages: analytics events are grouped by this team, error reports tagged with it. */
export function ObservedTeam({ teamId }: { teamId: string }) {
  useEffect(() => {
    groupTeam(teamId)
    setMonitoringTeam(teamId)
    return () => setMonitoringTeam(null)
  }, [teamId])
  return null
}
