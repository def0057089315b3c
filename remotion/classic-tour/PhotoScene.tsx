import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { KenBurnsPhoto, motionFor } from '../scenes/KenBurnsPhoto';
import { clampLines } from '../scenes/copy';
import { FONTS } from '../scenes/fonts';
import { useLayout } from '../scenes/layout';
import { grow, riseIn } from '../scenes/motion';
import type { ClassicTourProps } from '../schema';
import type { ClassicTheme } from './theme';

type Props = { props: ClassicTourProps; theme: ClassicTheme; index: number; durationInFrames: number };

export function ClassicPhotoScene({ props, theme, index, durationInFrames }: Props) {
  const frame = useCurrentFrame();
  const { format, safe } = useLayout();
  const scene = props.scenes[index];
  const total = props.scenes.length;
  const captionSize = format === 'landscape' ? 40 : 44;
  const bottom = format === 'portrait' ? safe.bottom : safe.bottom + 16;
  return (
    <AbsoluteFill>
      <KenBurnsPhoto src={scene.src} durationInFrames={durationInFrames} motion={motionFor(scene, index)} strength={0.09} />
      {scene.caption ? (
        <AbsoluteFill style={{ background: 'linear-gradient(180deg, rgba(0,0,0,0) 55%, rgba(0,0,0,0.35) 100%)' }} />
      ) : null}
      {total > 1 ? (
        <div
          style={{
            position: 'absolute',
            top: safe.top,
            right: safe.side,
            fontFamily: FONTS.inter,
            fontWeight: 600,
            fontSize: 24,
            letterSpacing: 4,
            color: 'white',
            padding: '10px 18px',
            // dark enough that the white counter reads 4.5:1 over a white wall
            backgroundColor: 'rgba(12,16,22,0.7)',
            opacity: riseIn(frame, 8).opacity,
          }}
        >
          {String(index + 1).padStart(2, '0')} / {String(total).padStart(2, '0')}
        </div>
      ) : null}
      {scene.caption ? (
        <div
          style={{
            position: 'absolute',
            left: safe.side,
            right: format === 'landscape' ? undefined : safe.side,
            bottom,
            maxWidth: format === 'landscape' ? 1100 : undefined,
            display: 'flex',
            backgroundColor: theme.paper,
            boxShadow: '0 18px 50px rgba(0,0,0,0.3)',
            ...riseIn(frame, 10, 30),
          }}
        >
          <div style={{ width: 10, backgroundColor: theme.brand, transformOrigin: 'bottom', transform: `scaleY(${grow(frame, 14, 14)})` }} />
          <div
            style={{
              padding: format === 'landscape' ? '26px 40px' : '30px 40px',
              fontFamily: FONTS.dmSerif,
              fontSize: captionSize,
              lineHeight: 1.15,
              color: theme.ink,
            }}
          >
            <div style={clampLines(2)}>{scene.caption}</div>
          </div>
        </div>
      ) : null}
    </AbsoluteFill>
  );
}
