import { fade } from '@remotion/transitions/fade';
import { buildTimeline } from '../duration';
import { loadTemplateFonts, TEMPLATE_FONT_FAMILIES } from '../scenes/fonts';
import { TemplateVideo } from '../scenes/TemplateVideo';
import type { LuxuryEstateProps } from '../schema';
import { LuxuryEnd, LuxuryFacts, LuxuryFeatures } from './Cards';
import { LuxuryPhoto, LuxuryTitle } from './Scenes';
import { luxuryEstatePacing, luxuryTheme } from './theme';

/** Luxury Estate: long dissolves, hairline frames, serif type on charcoal; nothing hurries. */
export function LuxuryEstate(props: LuxuryEstateProps) {
  // this template's faces only, registered once, when it first renders (remotion/scenes/fonts.ts)
  void loadTemplateFonts(TEMPLATE_FONT_FAMILIES['luxury-estate']);
  const theme = luxuryTheme(props);
  const timeline = buildTimeline(props, luxuryEstatePacing);
  return (
    <TemplateVideo
      props={props}
      timeline={timeline}
      background={theme.charcoal}
      transitionInto={() => fade()}
      renderSegment={(segment) => {
        const common = { props, theme };
        switch (segment.kind) {
          case 'title':
            return <LuxuryTitle {...common} durationInFrames={segment.durationInFrames} />;
          case 'photo':
            return <LuxuryPhoto {...common} durationInFrames={segment.durationInFrames} index={segment.sceneIndex ?? 0} />;
          case 'facts':
            return <LuxuryFacts {...common} />;
          case 'features':
            return <LuxuryFeatures {...common} />;
          case 'end':
            return <LuxuryEnd {...common} />;
        }
      }}
    />
  );
}
