import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import { KenBurnsPhoto } from '../scenes/KenBurnsPhoto';
import { clampLines, fits, titleCopy } from '../scenes/copy';
import { cardPlan, fitFacts, fitList } from '../scenes/cards';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { grow, riseIn } from '../scenes/motion';
import type { ClassicTourProps } from '../schema';
import type { ClassicTheme } from './theme';

type Props = { props: ClassicTourProps; theme: ClassicTheme; durationInFrames: number };

/** Landscape and portrait give a photo half the frame beside the card; square is all card. */
function Split({ props, durationInFrames, children, theme }: Props & { children: React.ReactNode }) {
  const { format } = useLayout();
  const { width, height } = useVideoConfig();
  const photo = props.scenes[Math.min(1, props.scenes.length - 1)];
  if (format === 'square') return <AbsoluteFill style={{ backgroundColor: theme.paper }}>{children}</AbsoluteFill>;
  const photoBox = format === 'landscape' ? { left: 0, top: 0, bottom: 0, width: '42%' } : { left: 0, right: 0, top: 0, height: '34%' };
  const cardBox = format === 'landscape' ? { right: 0, top: 0, bottom: 0, width: '58%' } : { left: 0, right: 0, bottom: 0, height: '66%' };
  return (
    <AbsoluteFill style={{ backgroundColor: theme.paper }}>
      <div style={{ position: 'absolute', ...photoBox, overflow: 'hidden' }}>
        <KenBurnsPhoto
          src={photo.src}
          durationInFrames={durationInFrames}
          motion="zoom-out"
          strength={0.07}
          box={format === 'landscape' ? { width: width * 0.42, height } : { width, height: height * 0.34 }}
        />
      </div>
      <div style={{ position: 'absolute', ...cardBox }}>{children}</div>
    </AbsoluteFill>
  );
}

const PAD = { landscape: '0 112px 0 96px', portrait: '72px 80px 400px', square: '72px 80px' } as const;

export function ClassicFactsCard(p: Props) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const { theme, props } = p;
  const plan = cardPlan(props);
  const facts = fitFacts(plan.facts, format === 'landscape' ? 4 : 6);
  const copy = titleCopy(props);
  const valueSize = { landscape: 88, portrait: 104, square: 80 }[format];
  return (
    <Split {...p}>
      <AbsoluteFill style={{ padding: PAD[format], justifyContent: 'center', color: theme.ink }}>
        <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 24, letterSpacing: 6, textTransform: 'uppercase', color: theme.brandText, ...riseIn(frame, 4) }}>
          The details
        </div>
        <div style={{ fontFamily: FONTS.dmSerif, fontSize: { landscape: 60, portrait: 72, square: 56 }[format], lineHeight: 1.1, marginTop: 14, ...clampLines(2, fits(copy.heading)), ...riseIn(frame, 8) }}>
          {copy.heading}
        </div>
        <div style={{ height: 3, backgroundColor: theme.brand, width: 120, marginTop: 32, transformOrigin: 'left', transform: `scaleX(${grow(frame, 10, 16)})` }} />
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 56, rowGap: format === 'landscape' ? 40 : 48, marginTop: 48 }}>
          {facts.map((fact, i) => (
            <div key={fact.key} style={{ borderLeft: `3px solid ${theme.rule}`, paddingLeft: 28, ...riseIn(frame, 14 + i * 5) }}>
              <div style={{ fontFamily: FONTS.dmSerif, fontSize: fact.key === 'type' ? valueSize * 0.62 : valueSize, lineHeight: fact.key === 'type' ? 1.6 : 1 }}>{fact.value}</div>
              <div style={{ fontFamily: FONTS.inter, fontSize: format === 'portrait' ? 26 : 22, fontWeight: 600, letterSpacing: 3, textTransform: 'uppercase', color: theme.muted, marginTop: 10 }}>
                {fact.label}
              </div>
            </div>
          ))}
        </div>
        {plan.foldedFeatures.length ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: 20, marginTop: format === 'landscape' ? 40 : 52, ...riseIn(frame, 14 + facts.length * 5) }}>
            <div style={{ width: 14, height: 14, transform: 'rotate(45deg)', backgroundColor: theme.brand, flexShrink: 0 }} />
            <div style={{ fontFamily: FONTS.inter, fontSize: { landscape: 34, portrait: 44, square: 36 }[format], fontWeight: 500, ...clampLines(2) }}>{plan.foldedFeatures.join(' · ')}</div>
          </div>
        ) : null}
      </AbsoluteFill>
    </Split>
  );
}

export function ClassicFeaturesCard(p: Props) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const { theme, props } = p;
  const plan = cardPlan(props);
  const { shown, moreLabel } = fitList(plan.features, format === 'square' ? 6 : 8);
  // one or two features with no facts card to join: larger type so the card does not look empty
  const itemSize = { landscape: 36, portrait: 48, square: 40 }[format] * (plan.sparseFeatures ? 1.5 : 1);
  return (
    <Split {...p}>
      <AbsoluteFill style={{ padding: PAD[format], justifyContent: 'center', color: theme.ink }}>
        <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 24, letterSpacing: 6, textTransform: 'uppercase', color: theme.brandText, ...riseIn(frame, 4) }}>
          Highlights
        </div>
        <div style={{ fontFamily: FONTS.dmSerif, fontSize: format === 'portrait' ? 72 : 60, marginTop: 14, ...riseIn(frame, 8) }}>Why you will love it</div>
        <div style={{ height: 3, backgroundColor: theme.brand, width: 120, marginTop: 32, transformOrigin: 'left', transform: `scaleX(${grow(frame, 10, 16)})` }} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: format === 'landscape' ? 22 : 26, marginTop: 44 }}>
          {shown.map((feature, i) => (
            <div key={`${feature}-${i}`} style={{ display: 'flex', alignItems: 'center', gap: 24, ...riseIn(frame, 12 + i * 4, 24) }}>
              <div style={{ width: 14, height: 14, transform: 'rotate(45deg)', backgroundColor: theme.brand, flexShrink: 0 }} />
              <div style={{ fontFamily: FONTS.inter, fontSize: itemSize, fontWeight: 500, ...clampLines(1) }}>{feature}</div>
            </div>
          ))}
          {moreLabel ? (
            <div style={{ fontFamily: FONTS.inter, fontSize: itemSize * 0.8, fontWeight: 600, color: theme.brandText, paddingLeft: 38, ...riseIn(frame, 12 + shown.length * 4, 24) }}>{moreLabel}</div>
          ) : null}
        </div>
      </AbsoluteFill>
    </Split>
  );
}
