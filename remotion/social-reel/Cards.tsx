import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import { AgentPhoto } from '../scenes/AgentPhoto';
import { brandedAgent } from '../scenes/branding';
import { clampLines, singleLine, titleCopy } from '../scenes/copy';
import { listFacts } from '../scenes/facts';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { pop, riseIn } from '../scenes/motion';
import type { SocialReelProps } from '../schema';
import type { ReelTheme } from './theme';
import { MediaImg } from '../scenes/MediaImg';

type Props = { props: SocialReelProps; theme: ReelTheme };

const display = { fontFamily: FONTS.anton, textTransform: 'uppercase', lineHeight: 0.95 } as const;
const SHORT_LABELS = { bedrooms: 'Beds', bathrooms: 'Baths', type: 'Type', year: 'Built' } as const;

export function ReelFacts({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const facts = listFacts(props.listing, props.locale).slice(0, 4);
  const columns = format === 'landscape' ? Math.min(4, facts.length) : format === 'square' ? 2 : 1;
  const valueSize = { landscape: 150, portrait: 170, square: 130 }[format];
  return (
    <AbsoluteFill style={{ backgroundColor: theme.brand, color: theme.onBrand, padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`, justifyContent: 'center' }}>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: format === 'portrait' ? 40 : 48, textAlign: format === 'portrait' ? 'left' : 'center' }}>
        {facts.map((fact, i) => {
          const s = pop(frame, fps, 2 + i * 5);
          const unit = fact.key === 'area' ? (props.listing.area?.unit === 'sqm' ? 'm²' : 'Sq ft') : SHORT_LABELS[fact.key];
          const value = fact.value;
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
              <div style={{ ...display, fontSize: fact.key === 'type' ? valueSize * 0.62 : valueSize, ...clampLines(1) }}>{value}</div>
              <div style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: format === 'portrait' ? 52 : 34, letterSpacing: 6, textTransform: 'uppercase', marginTop: 8, opacity: 0.85 }}>{unit}</div>
            </div>
          );
        })}
      </div>
    </AbsoluteFill>
  );
}

export function ReelFeatures({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { format, safe } = useLayout();
  const features = (props.listing.features ?? []).slice(0, format === 'portrait' ? 7 : 6);
  return (
    <AbsoluteFill style={{ backgroundColor: theme.night, padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`, justifyContent: 'center', alignItems: format === 'portrait' ? 'flex-start' : 'center' }}>
      <div style={{ ...display, fontSize: format === 'portrait' ? 124 : format === 'landscape' ? 110 : 120, color: theme.white, ...riseIn(frame, 0, 40, 10) }}>
        You get <span style={{ color: theme.brand }}>all this</span>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 22, marginTop: 48, justifyContent: format === 'portrait' ? 'flex-start' : 'center', alignSelf: 'stretch', minWidth: 0 }}>
        {features.map((feature, i) => {
          const s = pop(frame, fps, 6 + i * 3);
          return (
            <div key={`${feature}-${i}`} style={{ fontFamily: FONTS.inter, fontWeight: 800, fontSize: format === 'portrait' ? 52 : format === 'landscape' ? 40 : 44, color: theme.night, backgroundColor: theme.white, borderRadius: 999, padding: format === 'portrait' ? '22px 40px' : '18px 36px', transform: `scale(${s})`, maxWidth: '100%', boxSizing: 'border-box', ...singleLine }}>
              <span style={{ color: theme.brand, marginRight: 14 }}>✓</span>
              {feature}
            </div>
          );
        })}
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
            <AgentPhoto src={agent.photoSrc} name={agent.fullName} size={format === 'square' ? 220 : 300} ring={theme.brand} fill={theme.brand} ink={theme.onBrand} fontFamily={FONTS.anton} radius="36px" />
          </div>
          <div style={{ minWidth: 0, maxWidth: row ? 1100 : '100%' }}>
            <div style={{ ...display, fontSize: format === 'square' ? 60 : 72, color: theme.brand, ...riseIn(frame, 6, 30, 10) }}>Book a tour</div>
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
            Don&apos;t <span style={{ color: theme.brand }}>miss it</span>
          </div>
          <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 44, marginTop: 32, ...clampLines(2), ...riseIn(frame, 10, 30, 10) }}>
            {[props.listing.address.line, copy.locality].filter(Boolean).join(', ')}
          </div>
          {copy.price ? <div style={{ ...display, fontSize: 80, color: theme.brand, marginTop: 24, ...riseIn(frame, 14, 30, 10) }}>{copy.price.full}</div> : null}
        </div>
      )}
    </AbsoluteFill>
  );
}
