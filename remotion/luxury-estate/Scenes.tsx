import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { KenBurnsPhoto, motionFor } from '../scenes/KenBurnsPhoto';
import { clampLines, fits, titleCopy } from '../scenes/copy';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { fadeIn, grow, riseIn } from '../scenes/motion';
import type { LuxuryEstateProps } from '../schema';
import { PHOTO_SCRIM, roman, type LuxuryTheme } from './theme';

type Props = { props: LuxuryEstateProps; theme: LuxuryTheme; durationInFrames: number };

/** Letter-spaced small capitals in the brand colour's text-safe shade (`color`: over a photo, pass theme.accentOnPhoto). */
export const eyebrow = (theme: LuxuryTheme, size = 24, color = theme.accentText) =>
  ({ fontFamily: FONTS.jost, fontWeight: 400, fontSize: size, letterSpacing: size * 0.42, textTransform: 'uppercase', color }) as const;

/** The hairline inset frame that every luxury scene sits inside. */
export function Hairline({ theme, inset }: { theme: LuxuryTheme; inset: number }) {
  const frame = useCurrentFrame();
  return <div style={{ position: 'absolute', inset, border: `1.5px solid ${theme.accent}`, opacity: 0.55 * fadeIn(frame, 6, 30) }} />;
}

export function LuxuryTitle({ props, theme, durationInFrames }: Props) {
  const frame = useCurrentFrame();
  const { format, safe } = useLayout();
  const copy = titleCopy(props);
  const headingSize = { landscape: 112, portrait: 120, square: 88 }[format];
  return (
    <AbsoluteFill style={{ backgroundColor: theme.charcoal }}>
      <KenBurnsPhoto src={props.scenes[0].src} durationInFrames={durationInFrames} motion="zoom-out" strength={0.07} />
      {/* never lighter than PHOTO_SCRIM, so the text reads over any photo */}
      <AbsoluteFill style={{ background: `radial-gradient(ellipse at center, rgba(18,19,21,${PHOTO_SCRIM}) 0%, rgba(18,19,21,0.88) 75%)` }} />
      <Hairline theme={theme} inset={format === 'landscape' ? 48 : 40} />
      <AbsoluteFill style={{ padding: `${safe.top}px ${safe.side + 40}px ${format === 'portrait' ? safe.bottom - 80 : safe.bottom}px`, alignItems: 'center', justifyContent: 'center', textAlign: 'center', color: theme.ivory }}>
        <div style={{ ...eyebrow(theme, 24, theme.accentOnPhoto), opacity: fadeIn(frame, 8, 24) }}>{props.tagline || `${copy.offer} · ${copy.propertyType}`}</div>
        <div style={{ fontFamily: FONTS.cormorant, fontWeight: 300, fontSize: headingSize, lineHeight: 1.02, marginTop: 28, maxWidth: 1400, ...clampLines(3, fits(copy.heading)), ...riseIn(frame, 14, 24, 30) }}>
          {copy.heading}
        </div>
        <div style={{ width: 160, height: 1.5, backgroundColor: theme.accent, marginTop: 40, transform: `scaleX(${grow(frame, 26, 30)})` }} />
        {copy.addressLines.map((line, i) => (
          <div key={line} style={{ fontFamily: FONTS.jost, fontWeight: 300, fontSize: 28, letterSpacing: 8, textTransform: 'uppercase', color: theme.ivory, marginTop: i === 0 ? 36 : 10, maxWidth: 1300, ...clampLines(1), opacity: fadeIn(frame, 32 + i * 4, 24) }}>
            {line}
          </div>
        ))}
        {copy.price ? (
          <div style={{ fontFamily: FONTS.cormorant, fontStyle: 'italic', fontWeight: 400, fontSize: format === 'square' ? 56 : 64, marginTop: 28, opacity: fadeIn(frame, 40, 24) }}>
            {copy.price.amount}
            {copy.price.period ? <span style={{ fontSize: '0.6em', color: theme.mutedOnPhoto }}> {copy.price.period}</span> : null}
          </div>
        ) : null}
      </AbsoluteFill>
    </AbsoluteFill>
  );
}

/** Landscape and square are full-bleed; portrait frames a 4:5 photograph like a print on a wall. */
export function LuxuryPhoto({ props, theme, durationInFrames, index }: Props & { index: number }) {
  const frame = useCurrentFrame();
  const { format, safe } = useLayout();
  const scene = props.scenes[index];
  // portrait frames the photograph in an 880×1100 print (below); the other formats are full-bleed
  const photo = <KenBurnsPhoto src={scene.src} durationInFrames={durationInFrames} motion={motionFor(scene, index)} strength={0.06} box={format === 'portrait' ? { width: 880, height: 1100 } : undefined} />;
  const caption = scene.caption ? (
    <div style={{ fontFamily: FONTS.cormorant, fontStyle: 'italic', fontWeight: 400, fontSize: format === 'landscape' ? 60 : 64, lineHeight: 1.1, color: theme.ivory, textAlign: 'center', ...clampLines(2), ...riseIn(frame, 18, 16, 30) }}>
      {scene.caption}
    </div>
  ) : null;
  const numeral = (onPhoto: boolean) => (
    // 26 px at weight 500: a lone "I" at 22/400 was a hair-thin stroke that never reached its colour (4.1:1 measured)
    <div style={{ ...eyebrow(theme, 26, onPhoto ? theme.accentOnPhoto : theme.accentText), fontWeight: 500, opacity: fadeIn(frame, 12, 24), marginBottom: 16 }}>{roman(index + 1)}</div>
  );

  if (format === 'portrait') {
    return (
      <AbsoluteFill style={{ backgroundColor: theme.charcoal, alignItems: 'center', paddingTop: safe.top - 40 }}>
        <div style={{ position: 'relative', width: 880, height: 1100, boxShadow: '0 40px 90px rgba(0,0,0,0.6)' }}>
          {photo}
          <div style={{ position: 'absolute', inset: 22, border: `1.5px solid ${theme.ivory}`, opacity: 0.45 }} />
        </div>
        <div style={{ width: 880, marginTop: 52, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
          {numeral(false)}
          {caption}
        </div>
      </AbsoluteFill>
    );
  }
  return (
    <AbsoluteFill style={{ backgroundColor: theme.charcoal }}>
      {photo}
      {/* the numeral and caption sit in the lowest third, where the scrim is at least PHOTO_SCRIM */}
      <AbsoluteFill style={{ background: `linear-gradient(180deg, rgba(18,19,21,0) 30%, rgba(18,19,21,${PHOTO_SCRIM}) 62%, rgba(18,19,21,0.88) 100%)` }} />
      <Hairline theme={theme} inset={format === 'landscape' ? 48 : 40} />
      <div style={{ position: 'absolute', left: safe.side + 60, right: safe.side + 60, bottom: safe.bottom + 40, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        {numeral(true)}
        {caption}
      </div>
    </AbsoluteFill>
  );
}
