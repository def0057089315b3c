import 'server-only'
import { createClient } from '@/lib/supabase/server'
import type { CreditReason } from '@/lib/constants'

export type CreditEntry = {
  id: number
  delta: number
  reason: CreditReason
  note: string | null
  createdAt: string
}

/** The balance the database computes (sum of the ledger); 0 when the user cannot see the team. */
export async function getCreditBalance(teamId: string): Promise<number> {
  const supabase = await createClient()
  const { data, error } = await supabase.rpc('team_credit_balance', { p_team_id: teamId })
  if (error) throw new Error(`Could not load the credit balance: ${error.message}`)
  return data ?? 0
}

export async function listCreditLedger(teamId: string, limit = 50): Promise<CreditEntry[]> {
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('credit_ledger')
    .select('id, delta, reason, note, created_at')
    .eq('team_id', teamId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
  if (error) throw new Error(`Could not load the credit history: ${error.message}`)
  return data.map((e) => ({
    id: e.id,
    delta: e.delta,
    reason: e.reason as CreditReason,
    note: e.note,
    createdAt: e.created_at,
  }))
}
