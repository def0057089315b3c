/** Where the browser sends PostHog's requests: this site (app/ingest/[...path]/route.ts passes them on). */
export const INGEST_PATH = '/ingest'

/**
 * Elements with this class are left out of session replays (recorded as an empty box of the same
 * size) and of PostHog's autocapture: contact details of agents and listings, and the video players
 * (their end cards show those details, and their frames would flood a replay). PostHog's own name.
 */
export const REPLAY_BLOCK = 'ph-no-capture'
export const REPLAY_BLOCK_SELECTOR = `.${REPLAY_BLOCK}`
