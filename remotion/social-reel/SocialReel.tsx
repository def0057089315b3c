import { slide } from '@remotion/transitions/slide';
import { wipe } from '@remotion/transitions/wipe';
import { buildTimeline } from '../duration';
import { loadTemplateFonts, TEMPLATE_FONT_FAMILIES } from '../scenes/fonts';
import { TemplateVideo } from '../scenes/TemplateVideo';
import type { SocialReelProps } from '../schema';
import { ReelEnd, ReelFacts, ReelFeatures } from './Cards';
import { ReelPhoto, ReelTitle } from './Scenes';
import { reelTheme, socialReelPacing } from './theme';

const DIRECTIONS = ['from-right', 'from-bottom', 'from-left', 'from-top'] as const;

/** Social Reel: quick pushes and wipes, poster type and story bars, made for 9:16 first. */
export function SocialReel(props: SocialReelProps) {
  // this template's faces only, registered once, when it first renders (remotion/scenes/fonts.ts)
  void loadTemplateFonts(TEMPLATE_FONT_FAMILIES['social-reel']);
  const theme = reelTheme(props);
  const timeline = buildTimeline(props, socialReelPacing);
  return (
    <TemplateVideo
      props={props}
      timeline={timeline}
      background={theme.night}
      transitionInto={(index, segment) =>
        segment.kind === 'photo' ? slide({ direction: DIRECTIONS[index % DIRECTIONS.length] }) : wipe({ direction: 'from-left' })
      }
      renderSegment={(segment) => {
        const common = { props, theme };
        switch (segment.kind) {
          case 'title':
            return <ReelTitle {...common} durationInFrames={segment.durationInFrames} />;
          case 'photo':
            return <ReelPhoto {...common} durationInFrames={segment.durationInFrames} index={segment.sceneIndex ?? 0} />;
          case 'facts':
            return <ReelFacts {...common} />;
          case 'features':
            return <ReelFeatures {...common} />;
          case 'end':
            return <ReelEnd {...common} />;
        }
      }}
    />
  );
}
