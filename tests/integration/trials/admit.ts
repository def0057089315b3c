import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor } from '../../helpers/supabase.ts'

// What the app's start path does after its checks (lib/trials/start.ts): admits an anonymous
// account to the trial with the service key. Without it the account may not create trial projects
// or upload trial photos (issue 24 item 6). Tests that make visitors directly call this.
export async function admitVisitor(standIn: StandIn, userId: string): Promise<void> {
  const { error } = await clientFor(standIn, 'service_role').rpc('admit_trial_visitor', { p_user_id: userId })
  if (error) throw new Error(`admit_trial_visitor: ${error.message}`)
}
