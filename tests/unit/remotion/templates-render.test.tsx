import { Thumbnail } from '@remotion/player';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS, TEMPLATES, timelineFor } from '@/remotion/catalog';
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants';
import { segmentStarts } from '@/remotion/duration';
import { TEMPLATE_COMPONENTS } from '@/remotion/components';
import type { VideoProps } from '@/remotion/schema';
import { WATERMARK_TEXT } from '@/remotion/scenes/Watermark';
import { maximalListing, minimalListing } from './fixtures';

// Renders the real composition tree inside Remotion's contexts (what <Thumbnail> sets up) with
// react-dom/server: no browser, but every scene component runs at the frames we pick.

function renderFrame(template: (typeof TEMPLATE_IDS)[number], format: keyof typeof VIDEO_FORMATS, props: VideoProps, frame: number) {
  const timeline = timelineFor(template, props);
  const { width, height } = VIDEO_FORMATS[format];
  const html = renderToString(
    <Thumbnail
      component={TEMPLATE_COMPONENTS[template] as ComponentType<Record<string, unknown>>}
      inputProps={props as Record<string, unknown>}
      compositionWidth={width}
      compositionHeight={height}
      durationInFrames={timeline.durationInFrames}
      fps={timeline.fps}
      frameToDisplay={frame}
    />,
  );
  // A throwing scene does not make renderToString throw: React swaps the Player's Suspense
  // boundary for a client-render marker carrying the message. Surface it as the failure it is.
  const crashed = html.match(/<!--\$!-->.*?data-msg="([^"]*)"/s);
  if (crashed) throw new Error(`${template}/${format} frame ${frame} crashed: ${crashed[1]}`);
  return html;
}

/** What must be on screen in the middle of each kind of segment. */
function expectedText(props: VideoProps, kind: string, sceneIndex?: number): string | null {
  switch (kind) {
    case 'title':
      return (props.titleCard?.heading ?? props.listing.title ?? props.listing.address.line).slice(0, 20);
    case 'photo':
      return props.scenes[sceneIndex ?? 0].caption?.slice(0, 12) ?? null;
    case 'facts':
      return props.listing.area ? '2,150' : null;
    case 'end':
      return props.agent ? props.agent.fullName : null;
    default:
      return null;
  }
}

describe.each(TEMPLATE_IDS)('%s', (template) => {
  it.each([
    ['a minimal listing', minimalListing],
    ['a maximal listing', maximalListing],
  ])('accepts %s through its schema', (_, props) => {
    expect(TEMPLATES[template].schema.safeParse(props).success).toBe(true);
  });

  describe.each(VIDEO_FORMAT_IDS)('in %s', (format) => {
    it.each([
      ['a minimal listing (1 photo, no agent, no price)', minimalListing],
      ['a maximal listing (40 photos, long address, all fields)', maximalListing],
    ])('renders every scene of %s', (_, props) => {
      const timeline = timelineFor(template, props);
      const starts = segmentStarts(timeline);
      // The middle of the title, the first two photos, the last photo and every card, where the
      // entrances have settled and the text must be on screen; plus frame 0 and the last frame.
      const checks: { frame: number; text: string | null }[] = [
        { frame: 0, text: null },
        { frame: timeline.durationInFrames - 1, text: null },
      ];
      const lastPhoto = props.scenes.length - 1;
      timeline.segments.forEach((segment, i) => {
        const scene = segment.sceneIndex ?? 0;
        if (segment.kind === 'photo' && scene > 1 && scene !== lastPhoto) return;
        checks.push({ frame: starts[i] + Math.round(segment.durationInFrames * 0.6), text: expectedText(props, segment.kind, scene) });
      });
      for (const { frame, text } of checks) {
        const html = renderFrame(template, format, props, frame);
        expect(html.length).toBeGreaterThan(500);
        if (text) expect(html, `frame ${frame}`).toContain(text);
        if (props.watermark) expect(html).toContain(WATERMARK_TEXT);
      }
    }, 60_000);
  });
});
