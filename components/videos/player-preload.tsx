'use client'

import { preloadPlayer } from './video-player'

// For a server page whose first view is the Player: this module runs when the page's client code
// loads, so the Player's code downloads and parses while the page hydrates (see preloadPlayer).
if (typeof window !== 'undefined') void preloadPlayer()

export function PlayerPreload() {
  return null
}
