import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { AgentPhoto } from '../scenes/AgentPhoto';
import { brandedAgent } from '../scenes/branding';
import { clampLines, titleCopy } from '../scenes/copy';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { riseIn } from '../scenes/motion';
import type { ClassicTourProps } from '../schema';
import type { ClassicTheme } from './theme';
import { MediaImg } from '../scenes/MediaImg';

export function ClassicEndCard({ props, theme }: { props: ClassicTourProps; theme: ClassicTheme }) {
  const frame = useCurrentFrame();
  const { format, safe } = useLayout();
  const agent = brandedAgent(props);
  const copy = titleCopy(props);
  const stacked = format !== 'landscape';
  const ink = theme.onBrand;
  const soft = theme.onBrandSoft;
  const line = { fontFamily: FONTS.inter, fontSize: stacked ? 36 : 34, color: ink, marginTop: 14, ...clampLines(1) };
  return (
    <AbsoluteFill
      style={{
        backgroundColor: theme.brandFill,
        padding: `${safe.top}px ${safe.side}px ${safe.bottom}px`,
        justifyContent: 'center',
        alignItems: 'center',
      }}
    >
      {/* a soft light that only ever adds contrast: lighter behind dark ink, darker behind white */}
      <AbsoluteFill style={{ background: ink === '#ffffff' ? 'radial-gradient(circle at 80% 85%, rgba(0,0,0,0.16), rgba(0,0,0,0) 60%)' : 'radial-gradient(circle at 20% 15%, rgba(255,255,255,0.14), rgba(255,255,255,0) 55%)' }} />
      {agent ? (
        <div style={{ display: 'flex', flexDirection: stacked ? 'column' : 'row', alignItems: 'center', gap: stacked ? 40 : 80, textAlign: stacked ? 'center' : 'left' }}>
          <div style={riseIn(frame, 4, 30)}>
            <AgentPhoto src={agent.photoSrc} name={agent.fullName} size={format === 'square' ? 240 : 320} ring={ink} fill={theme.paper} ink={theme.brandText} fontFamily={FONTS.dmSerif} />
          </div>
          <div style={{ minWidth: 0, maxWidth: stacked ? '100%' : 1100 }}>
            <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 24, letterSpacing: 6, textTransform: 'uppercase', color: soft, ...riseIn(frame, 8) }}>
              Arrange a viewing
            </div>
            <div style={{ fontFamily: FONTS.dmSerif, fontSize: format === 'square' ? 68 : 84, lineHeight: 1.05, color: ink, marginTop: 12, ...clampLines(2), ...riseIn(frame, 10) }}>
              {agent.fullName}
            </div>
            {agent.title ? <div style={{ ...line, color: soft, ...riseIn(frame, 12) }}>{agent.title}</div> : null}
            <div style={{ marginTop: 22, ...riseIn(frame, 16) }}>
              {agent.phone ? <div style={line}>{agent.phone}</div> : null}
              {agent.email ? <div style={line}>{agent.email}</div> : null}
            </div>
            {agent.brokerage || agent.logoSrc ? (
              <div style={{ display: 'flex', alignItems: 'center', justifyContent: stacked ? 'center' : 'flex-start', gap: 28, marginTop: 40, ...riseIn(frame, 20) }}>
                {agent.logoSrc ? <MediaImg src={agent.logoSrc} style={{ height: 72, maxWidth: 320, objectFit: 'contain' }} /> : null}
                {agent.brokerage ? (
                  <div style={{ fontFamily: FONTS.inter, fontWeight: 600, fontSize: 28, letterSpacing: 2, color: soft, ...clampLines(1) }}>{agent.brokerage}</div>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <div style={{ textAlign: stacked ? 'center' : 'left', color: ink, maxWidth: 1300 }}>
          <div style={{ fontFamily: FONTS.inter, fontWeight: 700, fontSize: 24, letterSpacing: 6, textTransform: 'uppercase', color: soft, ...riseIn(frame, 4) }}>
            {copy.offer}
          </div>
          <div style={{ fontFamily: FONTS.dmSerif, fontSize: format === 'square' ? 84 : 100, lineHeight: 1.05, marginTop: 16, ...riseIn(frame, 8) }}>
            Book a private viewing
          </div>
          <div style={{ ...line, fontSize: 38, marginTop: 28, whiteSpace: 'normal', ...clampLines(2), ...riseIn(frame, 12) }}>
            {[props.listing.address.line, copy.locality].filter(Boolean).join(', ')}
          </div>
          {copy.price ? (
            <div style={{ fontFamily: FONTS.dmSerif, fontSize: 56, marginTop: 24, ...riseIn(frame, 16) }}>{copy.price.full}</div>
          ) : null}
        </div>
      )}
    </AbsoluteFill>
  );
}
