import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { KenBurnsPhoto } from '../scenes/KenBurnsPhoto';
import { clampLines, fits, titleCopy } from '../scenes/copy';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { grow, riseIn } from '../scenes/motion';
import type { ClassicTourProps } from '../schema';
import type { ClassicTheme } from './theme';

const SIZES = {
  landscape: { panel: { left: 112, bottom: 96, width: 940, padding: '56px 64px' }, heading: 80, sub: 32, price: 60 },
  portrait: { panel: { left: 64, right: 64, bottom: 400, padding: '56px 56px' }, heading: 84, sub: 34, price: 64 },
  square: { panel: { left: 64, right: 64, bottom: 64, padding: '44px 52px' }, heading: 64, sub: 28, price: 50 },
} as const;

export function ClassicTitleCard({ props, theme, durationInFrames }: { props: ClassicTourProps; theme: ClassicTheme; durationInFrames: number }) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const size = SIZES[format];
  const copy = titleCopy(props);
  return (
    <AbsoluteFill>
      <KenBurnsPhoto src={props.scenes[0].src} durationInFrames={durationInFrames} motion="zoom-in" strength={0.08} />
      <AbsoluteFill style={{ background: 'linear-gradient(180deg, rgba(10,14,20,0) 35%, rgba(10,14,20,0.55) 100%)' }} />
      <div
        style={{
          position: 'absolute',
          ...size.panel,
          backgroundColor: theme.paper,
          color: theme.ink,
          boxShadow: '0 30px 80px rgba(0,0,0,0.35)',
          ...riseIn(frame, 6, 60, 22),
        }}
      >
        <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 12, backgroundColor: theme.brand, transformOrigin: 'top', transform: `scaleY(${grow(frame, 10, 20)})` }} />
        <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 24, letterSpacing: 6, textTransform: 'uppercase', color: theme.brandText, ...riseIn(frame, 14, 16) }}>
          {copy.offer} · {copy.propertyType}
        </div>
        <div style={{ fontFamily: FONTS.dmSerif, fontSize: size.heading, lineHeight: 1.05, marginTop: 18, ...clampLines(3, fits(copy.heading)), ...riseIn(frame, 18, 20) }}>
          {copy.heading}
        </div>
        {copy.address ? (
          <div style={{ fontFamily: FONTS.inter, fontSize: size.sub, color: theme.muted, marginTop: 16, ...clampLines(2), ...riseIn(frame, 22, 16) }}>
            {copy.address}
          </div>
        ) : null}
        {copy.subheading ? (
          <div style={{ fontFamily: FONTS.dmSerif, fontStyle: 'italic', fontSize: size.sub, marginTop: 12, ...clampLines(2), ...riseIn(frame, 24, 16) }}>
            {copy.subheading}
          </div>
        ) : null}
        {copy.price ? (
          <div style={{ marginTop: 30, paddingTop: 26, borderTop: `2px solid ${theme.rule}`, display: 'flex', alignItems: 'baseline', gap: 16, flexWrap: 'wrap', ...riseIn(frame, 28, 16) }}>
            <span style={{ fontFamily: FONTS.dmSerif, fontSize: size.price, color: theme.brandText }}>{copy.price.amount}</span>
            {copy.price.period ? (
              <span style={{ fontFamily: FONTS.inter, fontSize: size.sub, color: theme.muted }}>{copy.price.period}</span>
            ) : null}
          </div>
        ) : null}
      </div>
    </AbsoluteFill>
  );
}
