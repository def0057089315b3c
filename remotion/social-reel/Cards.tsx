import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import { AgentPhoto } from '../scenes/AgentPhoto';
import { brandedAgent } from '../scenes/branding';
import { clampLines, singleLine, titleCopy } from '../scenes/copy';
import { cardPlan, fitFacts, fitList } from '../scenes/cards';
import type { Fact } from '../scenes/facts';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { pop, riseIn } from '../scenes/motion';
import type { SocialReelProps } from '../schema';
import type { ReelTheme } from './theme';
import { MediaImg } from '../scenes/MediaImg';

type Props = { props: SocialReelProps; theme: ReelTheme };

const display = { fontFamily: FONTS.anton, textTransform: 'uppercase', lineHeight: 0.95 } as const;
/**
 * The short words beside a fact's number, as a person would write them: "4 Beds", "2,450 Sq ft",
 * "120 m²" (never uppercased into "M²"), "Built 2019"; the property type stands alone ("House",
 * never "House type").
 */
export function reelFactWords(fact: Fact, areaUnit: 'sqm' | 'sqft' | undefined): { value: string; unit: string | null; unitFirst: boolean; keepCase: boolean } {
  switch (fact.key) {
    case 'bedrooms':
      return { value: fact.value, unit: fact.label === 'Bedroom' ? 'Bed' : 'Beds', unitFirst: false, keepCase: false };
    case 'bathrooms':
      return { value: fact.value, unit: fact.label === 'Bathroom' ? 'Bath' : 'Baths', unitFirst: false, keepCase: false };
    case 'area':
      return { value: fact.value, unit: areaUnit === 'sqm' ? 'm²' : 'Sq ft', unitFirst: false, keepCase: areaUnit === 'sqm' };
    case 'type':
      return { value: fact.value, unit: null, unitFirst: false, keepCase: false };
    case 'year':
      return { value: fact.value, unit: 'Built', unitFirst: true, keepCase: false };
  }
}

export function ReelFacts({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const plan = cardPlan(props);
  const facts = fitFacts(plan.facts, 4);
  const columns = format === 'landscape' ? Math.min(4, facts.length) : format === 'square' ? 2 : 1;
  const valueSize = { landscape: 150, portrait: 170, square: 130 }[format];
  const unitLine = (words: ReturnType<typeof reelFactWords>) =>
    words.unit ? (
      <div style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: format === 'portrait' ? 52 : 34, letterSpacing: words.keepCase ? 2 : 6, textTransform: words.keepCase ? 'none' : 'uppercase', marginTop: 8, color: theme.onBrandSoft }}>{words.unit}</div>
    ) : null;
  return (
    <AbsoluteFill style={{ backgroundColor: theme.brandFill, color: theme.onBrand, padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`, justifyContent: 'center' }}>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: format === 'portrait' ? 40 : 48, textAlign: format === 'portrait' ? 'left' : 'center' }}>
        {facts.map((fact, i) => {
          const s = pop(frame, fps, 2 + i * 5);
          const words = reelFactWords(fact, props.listing.area?.unit);
          // a row reads "Built 2019"; stacked, the number leads and the word is its caption
          const unitFirst = words.unitFirst && format === 'portrait';
          return (
            <div
              key={fact.key}
              style={{
                transform: `scale(${0.5 + 0.5 * s})`,
                opacity: Math.min(1, s),
                transformOrigin: format === 'portrait' ? 'left center' : 'center',
                // Portrait reads as a list: the number and its unit side by side, one per row.
                display: format === 'portrait' ? 'flex' : 'block',
                alignItems: 'baseline',
                gap: 28,
                borderBottom: format === 'portrait' && i < facts.length - 1 ? `4px solid ${theme.onBrand}` : undefined,
                paddingBottom: format === 'portrait' ? 40 : 0,
              }}
            >
              {unitFirst ? unitLine(words) : null}
              <div style={{ ...display, fontSize: fact.key === 'type' ? valueSize * 0.62 : valueSize, ...clampLines(1) }}>{words.value}</div>
              {!unitFirst ? unitLine(words) : null}
            </div>
          );
        })}
      </div>
      {plan.foldedFeatures.length ? (
        <div style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: format === 'portrait' ? 52 : 40, marginTop: format === 'portrait' ? 48 : 56, textAlign: format === 'portrait' ? 'left' : 'center', ...clampLines(2), ...riseIn(frame, 4 + facts.length * 5, 30, 10) }}>
          ✓ {plan.foldedFeatures.join(' · ')}
        </div>
      ) : null}
    </AbsoluteFill>
  );
}

export function ReelFeatures({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const plan = cardPlan(props);
  const { shown, moreLabel } = fitList(plan.features, format === 'portrait' ? 7 : 6);
  const pillSize = (format === 'portrait' ? 52 : format === 'landscape' ? 40 : 44) * (plan.sparseFeatures ? 1.4 : 1);
  const pill = { fontFamily: FONTS.inter, fontWeight: 800, fontSize: pillSize, borderRadius: 999, padding: format === 'portrait' ? '22px 40px' : '18px 36px', maxWidth: '100%', boxSizing: 'border-box', ...singleLine } as const;
  return (
    <AbsoluteFill style={{ backgroundColor: theme.night, padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`, justifyContent: 'center', alignItems: format === 'portrait' ? 'flex-start' : 'center' }}>
      <div style={{ ...display, fontSize: format === 'portrait' ? 124 : format === 'landscape' ? 110 : 120, color: theme.white, ...riseIn(frame, 0, 40, 10) }}>
        {plan.sparseFeatures ? 'You get' : <>You get <span style={{ color: theme.brandOnNight }}>all this</span></>}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 22, marginTop: 48, justifyContent: format === 'portrait' ? 'flex-start' : 'center', alignSelf: 'stretch', minWidth: 0 }}>
        {shown.map((feature, i) => {
          const s = pop(frame, fps, 6 + i * 3);
          return (
            <div key={`${feature}-${i}`} style={{ ...pill, color: theme.night, backgroundColor: theme.white, transform: `scale(${s})` }}>
              <span style={{ color: theme.brandOnWhite, marginRight: 14 }}>✓</span>
              {feature}
            </div>
          );
        })}
        {moreLabel ? (
          <div style={{ ...pill, color: theme.onBrand, backgroundColor: theme.brandFill, transform: `scale(${pop(frame, fps, 6 + shown.length * 3)})` }}>{moreLabel}</div>
        ) : null}
      </div>
    </AbsoluteFill>
  );
}

export function ReelEnd({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const agent = brandedAgent(props);
  const copy = titleCopy(props);
  const s = pop(frame, fps, 2);
  const row = format === 'landscape';
  return (
    <AbsoluteFill style={{ backgroundColor: theme.night, color: theme.white, padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`, justifyContent: 'center', alignItems: 'center' }}>
      <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 24, backgroundColor: theme.brand }} />
      {agent ? (
        <div style={{ display: 'flex', flexDirection: row ? 'row' : 'column', alignItems: 'center', gap: row ? 72 : 36, textAlign: row ? 'left' : 'center', maxWidth: '100%' }}>
          <div style={{ transform: `scale(${s}) rotate(${(1 - s) * -8}deg)` }}>
            <AgentPhoto src={agent.photoSrc} name={agent.fullName} size={format === 'square' ? 220 : 300} ring={theme.brand} fill={theme.brandFill} ink={theme.onBrand} fontFamily={FONTS.anton} radius="36px" />
          </div>
          <div style={{ minWidth: 0, maxWidth: row ? 1100 : '100%' }}>
            <div style={{ ...display, fontSize: format === 'square' ? 60 : 72, color: theme.brandOnNight, ...riseIn(frame, 6, 30, 10) }}>Book a tour</div>
            <div style={{ ...display, fontSize: format === 'square' ? 96 : 120, marginTop: 8, ...clampLines(2), ...riseIn(frame, 8, 30, 10) }}>{agent.fullName}</div>
            {agent.phone ? <div style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: 52, marginTop: 20, ...riseIn(frame, 12, 30, 10) }}>{agent.phone}</div> : null}
            {agent.email ? <div style={{ fontFamily: FONTS.inter, fontWeight: 500, fontSize: 36, marginTop: 10, color: 'rgba(255,255,255,0.85)', ...clampLines(1), ...riseIn(frame, 14, 30, 10) }}>{agent.email}</div> : null}
            {agent.brokerage || agent.logoSrc ? (
              <div style={{ display: 'flex', gap: 24, alignItems: 'center', justifyContent: row ? 'flex-start' : 'center', marginTop: 32, ...riseIn(frame, 16, 30, 10) }}>
                {agent.logoSrc ? <MediaImg src={agent.logoSrc} style={{ height: 64, maxWidth: 300, objectFit: 'contain' }} /> : null}
                {agent.brokerage ? <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 30, letterSpacing: 3, textTransform: 'uppercase', opacity: 0.75, ...clampLines(1) }}>{agent.brokerage}</div> : null}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <div style={{ textAlign: 'center' }}>
          <div style={{ ...display, fontSize: format === 'landscape' ? 170 : 150, transform: `scale(${0.7 + 0.3 * s})`, opacity: Math.min(1, s) }}>
            Don&apos;t <span style={{ color: theme.brandOnNight }}>miss it</span>
          </div>
          <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 44, marginTop: 32, ...clampLines(2), ...riseIn(frame, 10, 30, 10) }}>
            {[props.listing.address.line, copy.locality].filter(Boolean).join(', ')}
          </div>
          {copy.price ? <div style={{ ...display, fontSize: 80, color: theme.brandOnNight, marginTop: 24, ...riseIn(frame, 14, 30, 10) }}>{copy.price.full}</div> : null}
        </div>
      )}
    </AbsoluteFill>
  );
}
