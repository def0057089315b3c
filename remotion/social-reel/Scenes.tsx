import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import { KenBurnsPhoto, motionFor } from '../scenes/KenBurnsPhoto';
import { clampLines, fits, titleCopy } from '../scenes/copy';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { pop, riseIn } from '../scenes/motion';
import type { SocialReelProps } from '../schema';
import { Scrim, scrimHost } from './Scrim';
import { hookText, type ReelTheme } from './theme';

type Props = { props: SocialReelProps; theme: ReelTheme; durationInFrames: number };

const display = { fontFamily: FONTS.anton, textTransform: 'uppercase', lineHeight: 0.95 } as const;

export function ReelTitle({ props, theme, durationInFrames }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const copy = titleCopy(props);
  const hookSize = { landscape: 190, portrait: 200, square: 150 }[format];
  const s = pop(frame, fps, 2);
  const priceIn = pop(frame, fps, 12);
  const shade =
    format === 'landscape'
      ? 'linear-gradient(90deg, rgba(11,12,16,0.85) 0%, rgba(11,12,16,0.2) 65%)'
      : 'linear-gradient(180deg, rgba(11,12,16,0.7) 0%, rgba(11,12,16,0.05) 40%, rgba(11,12,16,0.15) 60%, rgba(11,12,16,0.85) 100%)';
  return (
    <AbsoluteFill>
      <KenBurnsPhoto src={props.scenes[0].src} durationInFrames={durationInFrames} motion="zoom-in" strength={0.18} />
      <AbsoluteFill style={{ background: shade }} />
      <AbsoluteFill
        style={{
          padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`,
          justifyContent: format === 'landscape' ? 'center' : 'space-between',
          alignItems: format === 'square' ? 'center' : 'flex-start',
          textAlign: format === 'square' ? 'center' : 'left',
        }}
      >
        <div style={{ ...display, ...scrimHost, fontSize: hookSize, color: theme.white, transform: `scale(${0.6 + 0.4 * s})`, opacity: s, transformOrigin: format === 'square' ? 'center' : 'left center' }}>
          <Scrim alpha={0.5} />
          {hookText(props)}
          <div style={{ height: 18, width: format === 'square' ? '60%' : 260, margin: format === 'square' ? '18px auto 0' : '18px 0 0', backgroundColor: theme.brand, transform: `scaleX(${s})`, transformOrigin: 'left' }} />
        </div>
        <div style={{ marginTop: format === 'portrait' ? 0 : 44, maxWidth: format === 'landscape' ? 1100 : undefined, ...scrimHost }}>
          <Scrim />
          <div style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: format === 'square' ? 44 : 56, lineHeight: 1.1, color: theme.white, textShadow: '0 4px 24px rgba(0,0,0,0.5)', ...clampLines(2, fits(copy.heading)), ...riseIn(frame, 8, 30, 12) }}>
            {copy.heading}
          </div>
          {copy.address ? (
            <div style={{ fontFamily: FONTS.inter, fontWeight: 500, fontSize: 34, color: 'rgba(255,255,255,0.9)', textShadow: '0 2px 16px rgba(0,0,0,0.6)', marginTop: 12, ...clampLines(1), ...riseIn(frame, 10, 30, 12) }}>
              {copy.address}
            </div>
          ) : null}
          {copy.price ? (
            <div
              style={{
                display: 'inline-block',
                marginTop: 32,
                padding: '14px 30px 10px',
                backgroundColor: theme.brandFill,
                color: theme.onBrand,
                ...display,
                fontSize: format === 'square' ? 72 : 88,
                transform: `rotate(-3deg) scale(${priceIn})`,
              }}
            >
              {copy.price.amount}
              {copy.price.period ? <span style={{ fontSize: '0.45em', marginLeft: 12 }}>{copy.price.period}</span> : null}
            </div>
          ) : null}
        </div>
      </AbsoluteFill>
    </AbsoluteFill>
  );
}

/** Story-style progress: one bar per photo, the current one filling up. */
function StoryBars({ index, total, progress, theme }: { index: number; total: number; progress: number; theme: ReelTheme }) {
  const { safe, format } = useLayout();
  if (total < 2 || total > 20) return null;
  return (
    <div style={{ position: 'absolute', top: format === 'portrait' ? safe.top - 60 : 36, left: safe.side, right: safe.side, display: 'flex', gap: 8 }}>
      {Array.from({ length: total }, (_, i) => (
        <div key={i} style={{ flex: 1, height: 6, borderRadius: 3, backgroundColor: 'rgba(255,255,255,0.35)', overflow: 'hidden' }}>
          <div style={{ height: '100%', width: `${i < index ? 100 : i === index ? progress * 100 : 0}%`, backgroundColor: theme.white }} />
        </div>
      ))}
    </div>
  );
}

export function ReelPhoto({ props, theme, durationInFrames, index }: Props & { index: number }) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const scene = props.scenes[index];
  const s = pop(frame, fps, 4);
  return (
    <AbsoluteFill>
      <KenBurnsPhoto src={scene.src} durationInFrames={durationInFrames} motion={motionFor(scene, index)} strength={0.16} />
      <AbsoluteFill style={{ background: 'linear-gradient(180deg, rgba(0,0,0,0.3) 0%, rgba(0,0,0,0) 25%, rgba(0,0,0,0) 60%, rgba(0,0,0,0.45) 100%)' }} />
      <StoryBars index={index} total={props.scenes.length} progress={Math.min(1, frame / durationInFrames)} theme={theme} />
      {scene.caption ? (
        <div
          style={{
            position: 'absolute',
            left: safe.side,
            right: safe.side,
            bottom: format === 'portrait' ? safe.bottom + 40 : safe.bottom + 24,
            display: 'flex',
            justifyContent: format === 'landscape' ? 'flex-start' : 'center',
          }}
        >
          <div
            style={{
              ...display,
              fontSize: format === 'landscape' ? 84 : 96,
              padding: '16px 32px 10px',
              backgroundColor: theme.brandFill,
              color: theme.onBrand,
              textAlign: format === 'landscape' ? 'left' : 'center',
              maxWidth: format === 'landscape' ? 1300 : '100%',
              transform: `translateY(${(1 - s) * 60}px) rotate(${format === 'landscape' ? -1.5 : -2}deg)`,
              opacity: Math.min(1, s * 1.5),
            }}
          >
            <div style={clampLines(2)}>{scene.caption}</div>
          </div>
        </div>
      ) : null}
    </AbsoluteFill>
  );
}
