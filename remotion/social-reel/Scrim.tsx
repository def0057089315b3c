import { rgba } from '../scenes/contrast';
import { REEL_SCRIM } from './theme';

/**
 * A soft-edged dark plate behind a block of text over a photo, as the block's first child (the block
 * needs `position: relative` and `isolation: isolate`, see `scrimHost`): one blurred rectangle that
 * reaches 48 px past the block, so every glyph has at least ~97 % of `alpha` behind it whatever the photo.
 */
export function Scrim({ alpha = REEL_SCRIM, color = '#0b0c10' }: { alpha?: number; color?: string }) {
  return <div style={{ position: 'absolute', inset: -48, zIndex: -1, backgroundColor: rgba(color, alpha), filter: 'blur(22px)', pointerEvents: 'none' }} />;
}

export const scrimHost = { position: 'relative', isolation: 'isolate' } as const;
