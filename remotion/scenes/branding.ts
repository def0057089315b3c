import type { Agent, VideoProps } from '../schema';

/**
 * The agent the end card may show: none in the unbranded cut (props.unbranded, a render option for
 * listing portals that forbid branding), so no photo, name, title, phone, email, brokerage, logo or
 * licence reaches the picture; the card falls back to its agent-free layout (address and price).
 * Every template reads the agent through this, never props.agent directly.
 */
export function brandedAgent(props: Pick<VideoProps, 'agent' | 'unbranded'>): Agent | null {
  return props.unbranded ? null : (props.agent ?? null);
}
