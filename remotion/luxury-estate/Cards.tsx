import { Fragment } from 'react';
import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { AgentPhoto } from '../scenes/AgentPhoto';
import { brandedAgent } from '../scenes/branding';
import { clampLines, fits, titleCopy } from '../scenes/copy';
import { cardPlan, fitFacts, fitList } from '../scenes/cards';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { fadeIn, grow, riseIn } from '../scenes/motion';
import type { LuxuryEstateProps } from '../schema';
import { eyebrow, Hairline } from './Scenes';
import type { LuxuryTheme } from './theme';
import { MediaImg } from '../scenes/MediaImg';

type Props = { props: LuxuryEstateProps; theme: LuxuryTheme };

function Stage({ theme, children }: { theme: LuxuryTheme; children: React.ReactNode }) {
  const { format, safe } = useLayout();
  return (
    <AbsoluteFill style={{ backgroundColor: theme.charcoal, color: theme.ivory }}>
      <AbsoluteFill style={{ background: 'radial-gradient(ellipse at 50% 40%, rgba(255,255,255,0.06), rgba(255,255,255,0) 65%)' }} />
      <Hairline theme={theme} inset={format === 'landscape' ? 48 : 40} />
      <AbsoluteFill style={{ padding: `${safe.top}px ${safe.side + 40}px ${safe.bottom}px`, alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}>
        {children}
      </AbsoluteFill>
    </AbsoluteFill>
  );
}

export function LuxuryFacts({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const plan = cardPlan(props);
  const facts = fitFacts(plan.facts, 4);
  const vertical = format === 'portrait';
  const columns = format === 'square' ? 2 : facts.length;
  return (
    <Stage theme={theme}>
      <div style={{ ...eyebrow(theme), opacity: fadeIn(frame, 4, 24) }}>The residence</div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: vertical ? '1fr' : `repeat(${columns}, auto)`,
          justifyContent: 'center',
          marginTop: vertical ? 48 : 72,
          rowGap: vertical ? 0 : 56,
        }}
      >
        {facts.map((fact, i) => (
          <Fragment key={fact.key}>
            <div
              style={{
                padding: vertical ? '34px 0' : '0 64px',
                borderLeft: !vertical && i % columns !== 0 ? `1.5px solid ${theme.accent}` : undefined,
                borderTop: vertical && i > 0 ? `1.5px solid rgba(194,163,107,0.35)` : undefined,
                ...riseIn(frame, 10 + i * 8, 20, 30),
              }}
            >
              <div style={{ fontFamily: FONTS.cormorant, fontWeight: 300, fontSize: (fact.key === 'type' ? 76 : 120) * (vertical ? 1.25 : 1), lineHeight: fact.key === 'type' ? 1.58 : 1 }}>{fact.value}</div>
              <div style={{ fontFamily: FONTS.jost, fontWeight: 400, fontSize: vertical ? 24 : 20, letterSpacing: 7, textTransform: 'uppercase', color: theme.muted, marginTop: 14 }}>{fact.label}</div>
            </div>
          </Fragment>
        ))}
      </div>
      {plan.foldedFeatures.length ? (
        <div style={{ fontFamily: FONTS.cormorant, fontStyle: 'italic', fontSize: vertical ? 60 : 52, marginTop: vertical ? 40 : 64, ...clampLines(2), ...riseIn(frame, 10 + facts.length * 8, 20, 30) }}>
          {plan.foldedFeatures.join(' · ')}
        </div>
      ) : null}
    </Stage>
  );
}

export function LuxuryFeatures({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const plan = cardPlan(props);
  const { shown, moreLabel } = fitList(plan.features, format === 'square' ? 5 : 6);
  const size = { landscape: 58, portrait: 72, square: 62 }[format] * (plan.sparseFeatures ? 1.4 : 1);
  return (
    <Stage theme={theme}>
      <div style={{ ...eyebrow(theme), opacity: fadeIn(frame, 4, 24) }}>Distinguishing features</div>
      <div style={{ width: 120, height: 1.5, backgroundColor: theme.accent, margin: '36px 0 44px', transform: `scaleX(${grow(frame, 10, 30)})` }} />
      {shown.map((feature, i) => (
        <div key={`${feature}-${i}`} style={{ fontFamily: FONTS.cormorant, fontStyle: 'italic', fontSize: size, lineHeight: 1.5, ...clampLines(1), ...riseIn(frame, 14 + i * 7, 16, 30) }}>
          {feature}
        </div>
      ))}
      {moreLabel ? <div style={{ ...eyebrow(theme, 24), marginTop: 18, ...riseIn(frame, 14 + shown.length * 7, 16, 30) }}>{moreLabel}</div> : null}
    </Stage>
  );
}

export function LuxuryEnd({ props, theme }: Props) {
  const frame = useCurrentFrame();
  const { format } = useLayout();
  const agent = brandedAgent(props);
  const copy = titleCopy(props);
  const contact = { fontFamily: FONTS.jost, fontWeight: 300, fontSize: 30, letterSpacing: 4, marginTop: 12, ...clampLines(1) } as const;
  const row = format === 'landscape';
  return (
    <Stage theme={theme}>
      {agent ? (
        <div style={{ display: 'flex', flexDirection: row ? 'row' : 'column', alignItems: 'center', gap: row ? 96 : 44, textAlign: row ? 'left' : 'center', maxWidth: '100%' }}>
          <div style={{ opacity: fadeIn(frame, 4, 30), padding: 14, border: `1.5px solid ${theme.accent}` }}>
            <AgentPhoto src={agent.photoSrc} name={agent.fullName} size={format === 'square' ? 230 : 300} ring={theme.charcoal} fill={theme.disc} ink={theme.accentOnDisc} fontFamily={FONTS.cormorant} radius="0" />
          </div>
          <div style={{ minWidth: 0, maxWidth: row ? 1000 : '100%' }}>
            <div style={{ ...eyebrow(theme, 22), opacity: fadeIn(frame, 10, 24) }}>Private viewings by appointment</div>
            <div style={{ fontFamily: FONTS.cormorant, fontWeight: 300, fontSize: format === 'square' ? 80 : 96, lineHeight: 1.05, marginTop: 20, ...clampLines(2), ...riseIn(frame, 14, 16, 30) }}>{agent.fullName}</div>
            {agent.title ? <div style={{ fontFamily: FONTS.cormorant, fontStyle: 'italic', fontSize: 40, color: theme.muted, marginTop: 6, ...clampLines(1) }}>{agent.title}</div> : null}
            <div style={{ marginTop: 24, opacity: fadeIn(frame, 24, 24) }}>
              {agent.phone ? <div style={contact}>{agent.phone}</div> : null}
              {agent.email ? <div style={contact}>{agent.email}</div> : null}
            </div>
            {agent.brokerage || agent.logoSrc ? (
              <div style={{ display: 'flex', gap: 24, alignItems: 'center', justifyContent: row ? 'flex-start' : 'center', marginTop: 36, opacity: fadeIn(frame, 32, 24) }}>
                {agent.logoSrc ? <MediaImg src={agent.logoSrc} style={{ height: 60, maxWidth: 280, objectFit: 'contain' }} /> : null}
                {agent.brokerage ? <div style={{ ...eyebrow(theme, 20), color: theme.muted, ...clampLines(1) }}>{agent.brokerage}</div> : null}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <div style={{ ...eyebrow(theme), opacity: fadeIn(frame, 4, 24) }}>Private viewings by appointment</div>
          <div style={{ fontFamily: FONTS.cormorant, fontWeight: 300, fontSize: format === 'landscape' ? 104 : 88, lineHeight: 1.05, marginTop: 28, ...clampLines(3, fits(copy.heading)), ...riseIn(frame, 10, 16, 30) }}>{copy.heading}</div>
          <div style={{ width: 140, height: 1.5, backgroundColor: theme.accent, marginTop: 40, transform: `scaleX(${grow(frame, 20, 30)})` }} />
          {copy.addressLines.map((line, i) => (
            <div key={line} style={{ ...contact, textTransform: 'uppercase', letterSpacing: 8, color: theme.muted, marginTop: i === 0 ? 36 : 8, opacity: fadeIn(frame, 24 + i * 4, 24) }}>
              {line}
            </div>
          ))}
        </>
      )}
    </Stage>
  );
}
