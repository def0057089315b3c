import { AbsoluteFill } from 'remotion';
import { FONTS } from './fonts';
import { useLayout } from './layout';

export const WATERMARK_TEXT = 'TRIAL VIDEO';

/** Trial renders: a faint diagonal mark across the middle (hard to crop) and a corner badge. */
export function Watermark() {
  const { safe, format } = useLayout();
  return (
    <AbsoluteFill style={{ pointerEvents: 'none', fontFamily: FONTS.inter }}>
      <AbsoluteFill style={{ alignItems: 'center', justifyContent: 'center' }}>
        <div
          style={{
            transform: 'rotate(-24deg)',
            fontSize: format === 'landscape' ? 150 : 120,
            fontWeight: 800,
            letterSpacing: 18,
            color: 'rgba(255,255,255,0.16)',
            // The stroke keeps the mark visible on white walls and skies, the fill on dark rooms.
            WebkitTextStroke: '2px rgba(0,0,0,0.10)',
            textShadow: '0 0 24px rgba(0,0,0,0.12)',
            whiteSpace: 'nowrap',
          }}
        >
          {WATERMARK_TEXT}
        </div>
      </AbsoluteFill>
      <div
        style={{
          position: 'absolute',
          bottom: safe.bottom / 4,
          right: safe.side / 2,
          padding: '10px 18px',
          borderRadius: 8,
          backgroundColor: 'rgba(0,0,0,0.55)',
          color: 'white',
          fontSize: 26,
          fontWeight: 700,
          letterSpacing: 4,
        }}
      >
        {WATERMARK_TEXT}
      </div>
    </AbsoluteFill>
  );
}
