import './scenes/media-audio-static';
import { Composition, Folder } from 'remotion';
import { compositionId, outNameFor, TEMPLATES, timelineFor, type TemplateId } from './catalog';
import { TEMPLATE_COMPONENTS } from './components';
import { VIDEO_FORMATS, VIDEO_FORMAT_IDS } from './constants';
import { DEFAULT_CODEC } from './render-settings';
import { sampleVideoProps } from './samples';
import type { VideoProps } from './schema';

const SAMPLE_BRANDS: Record<TemplateId, Partial<VideoProps>> = {
  'classic-tour': { brandColor: '#1f4e79' },
  'social-reel': { brandColor: '#ff5a36' },
  'luxury-estate': { brandColor: '#c2a36b' },
};

/** Every template in every format: `classic-tour-landscape`, `social-reel-portrait`, … */
export function RemotionRoot() {
  return (
    <>
      {(Object.keys(TEMPLATES) as TemplateId[]).map((template) => (
        <Folder key={template} name={template}>
          {VIDEO_FORMAT_IDS.map((format) => {
            const defaultProps = { ...sampleVideoProps, ...SAMPLE_BRANDS[template] };
            const initial = timelineFor(template, defaultProps);
            return (
              <Composition
                key={format}
                id={compositionId(template, format)}
                component={TEMPLATE_COMPONENTS[template]}
                schema={TEMPLATES[template].schema}
                defaultProps={defaultProps}
                width={VIDEO_FORMATS[format].width}
                height={VIDEO_FORMATS[format].height}
                fps={initial.fps}
                durationInFrames={initial.durationInFrames}
                calculateMetadata={({ props }) => {
                  const timeline = timelineFor(template, props as VideoProps);
                  return {
                    fps: timeline.fps,
                    durationInFrames: timeline.durationInFrames,
                    defaultCodec: DEFAULT_CODEC,
                    defaultOutName: outNameFor(template, format, props as VideoProps),
                  };
                }}
              />
            );
          })}
        </Folder>
      ))}
    </>
  );
}
