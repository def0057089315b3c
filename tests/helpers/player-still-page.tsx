import { Thumbnail } from '@remotion/player';
import { createRoot } from 'react-dom/client';
import { compositionId, TEMPLATE_IDS, type TemplateId } from '../../remotion/catalog';
import { TEMPLATE_COMPONENTS } from '../../remotion/components';
import { VIDEO_FORMATS, VIDEO_FORMAT_IDS } from '../../remotion/constants';
import type { VideoProps } from '../../remotion/schema';

// A test page: one frame of a composition as the app's Player shows it (@remotion/player's
// <Thumbnail>, the still the editor and the video cards use), at a given CSS size.

declare global {
  interface Window {
    showStill: (request: { compositionId: string; props: VideoProps; frame: number; durationInFrames: number; fps: number; width: number; height: number }) => Promise<void>;
  }
}

const root = createRoot(document.getElementById('still')!);

window.showStill = async ({ compositionId: id, props, frame, durationInFrames, fps, width, height }) => {
  const template = TEMPLATE_IDS.find((t) => VIDEO_FORMAT_IDS.some((f) => compositionId(t, f) === id)) as TemplateId;
  const format = VIDEO_FORMAT_IDS.find((f) => compositionId(template, f) === id)!;
  root.render(
    <Thumbnail
      component={TEMPLATE_COMPONENTS[template]}
      inputProps={props}
      compositionWidth={VIDEO_FORMATS[format].width}
      compositionHeight={VIDEO_FORMATS[format].height}
      durationInFrames={durationInFrames}
      fps={fps}
      frameToDisplay={frame}
      style={{ width, height }}
    />,
  );
  // pictures decoded and fonts loaded: what a person sees once the still has settled
  for (let i = 0; i < 50 && document.images.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  // every photo has chosen its crop from its own size (KenBurnsPhoto shows data-fit="pending" until then)
  for (let i = 0; i < 250 && document.querySelector('[data-fit="pending"]'); i++) await new Promise((r) => setTimeout(r, 20));
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  await document.fonts.ready;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
};
