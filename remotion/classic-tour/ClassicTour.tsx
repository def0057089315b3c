import { fade } from '@remotion/transitions/fade';
import { slide } from '@remotion/transitions/slide';
import { buildTimeline } from '../duration';
import { loadTemplateFonts, TEMPLATE_FONT_FAMILIES } from '../scenes/fonts';
import { TemplateVideo } from '../scenes/TemplateVideo';
import type { ClassicTourProps } from '../schema';
import { ClassicFactsCard, ClassicFeaturesCard } from './DetailCards';
import { ClassicEndCard } from './EndCard';
import { ClassicPhotoScene } from './PhotoScene';
import { ClassicTitleCard } from './TitleCard';
import { classicTheme, classicTourPacing } from './theme';

/** Classic Tour: calm cross-fades, a white title panel, numbered photos and a brand-colour end card. */
export function ClassicTour(props: ClassicTourProps) {
  // this template's faces only, registered once, when it first renders (remotion/scenes/fonts.ts)
  void loadTemplateFonts(TEMPLATE_FONT_FAMILIES['classic-tour']);
  const theme = classicTheme(props);
  const timeline = buildTimeline(props, classicTourPacing);
  return (
    <TemplateVideo
      props={props}
      timeline={timeline}
      background={theme.paper}
      transitionInto={(index, segment) =>
        segment.kind === 'photo' && index % 3 === 0 ? slide({ direction: 'from-right' }) : fade()
      }
      renderSegment={(segment) => {
        const common = { props, theme, durationInFrames: segment.durationInFrames };
        switch (segment.kind) {
          case 'title':
            return <ClassicTitleCard {...common} />;
          case 'photo':
            return <ClassicPhotoScene {...common} index={segment.sceneIndex ?? 0} />;
          case 'facts':
            return <ClassicFactsCard {...common} />;
          case 'features':
            return <ClassicFeaturesCard {...common} />;
          case 'end':
            return <ClassicEndCard props={props} theme={theme} />;
        }
      }}
    />
  );
}
