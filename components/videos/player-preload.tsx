'use client'

import * as playerImpl from './player-impl'
import { providePlayer } from './video-player'

// For a server page whose first view is the Player (the editor, the video page): rendering
// <PlayerPreload /> makes the Player's code (Remotion, the templates) part of the page's own client
// references, so its chunks are requested with the HTML, beside the page's other scripts, and the
// Player renders in the pass right after hydration. Imported when the Player mounted, they were asked
// for only once the page's modules had run (~0.7 s into an editor cold load: npm run bench:editor).
// The Player itself still renders on the client only.
providePlayer(playerImpl)

export function PlayerPreload() {
  return null
}
