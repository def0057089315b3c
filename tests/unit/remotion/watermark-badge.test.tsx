import { Thumbnail } from '@remotion/player';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { timelineFor } from '@/remotion/catalog';
import { TEMPLATE_COMPONENTS } from '@/remotion/components';
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants';
import { segmentStarts } from '@/remotion/duration';
import { SAFE_AREAS } from '@/remotion/scenes/layout';
import { WATERMARK_TEXT } from '@/remotion/scenes/Watermark';
import { maximalListing } from './fixtures';

// Issue 26, item 9: the "TRIAL VIDEO" corner badge sat over Social Reel's story progress bars at the
// top. Rendered here (react-dom/server, as templates-render does) and measured from the inline styles:
// the badge must share no row of pixels with the bars, and stay in the margin outside the safe area.
const BADGE_HEIGHT = 26 * 1.25 + 2 * 10; // font size × a generous line height + padding

describe.each(VIDEO_FORMAT_IDS)('the trial badge in Social Reel, %s', (format) => {
  it('leaves the progress bars uncovered', () => {
    // five photos: the bars show for 2 to 20 photos
    const props = { ...maximalListing, scenes: maximalListing.scenes.slice(0, 5), watermark: true };
    const timeline = timelineFor('social-reel', props);
    const photo = timeline.segments.findIndex((s) => s.kind === 'photo' && (s.sceneIndex ?? 0) === 1);
    const frame = segmentStarts(timeline)[photo] + 10;
    const { width, height } = VIDEO_FORMATS[format];
    const html = renderToString(
      <Thumbnail
        component={TEMPLATE_COMPONENTS['social-reel'] as ComponentType<Record<string, unknown>>}
        inputProps={props as Record<string, unknown>}
        compositionWidth={width}
        compositionHeight={height}
        durationInFrames={timeline.durationInFrames}
        fps={timeline.fps}
        frameToDisplay={frame}
      />,
    );
    const document = new Window().document;
    document.body.innerHTML = html;
    const divs = [...document.querySelectorAll('div')] as unknown as HTMLElement[];
    // the corner badge (the diagonal mark is a full-frame layer with the same text)
    const badge = divs.find((d) => d.textContent === WATERMARK_TEXT && d.style.position === 'absolute' && d.children.length === 0);
    // the story bars: a row of thin bars, 6 px high each
    const bars = divs.find((d) => d.style.position === 'absolute' && d.children.length > 1 && [...d.children].every((c) => /height:\s*6px/.test(c.getAttribute('style') ?? '')));
    expect(badge, 'the badge').toBeTruthy();
    expect(bars, 'the progress bars').toBeTruthy();
    const px = (v: string) => Number.parseFloat(v);
    const barsBox = [px(bars!.style.top), px(bars!.style.top) + 6];
    const badgeBox = badge!.style.top
      ? [px(badge!.style.top), px(badge!.style.top) + BADGE_HEIGHT]
      : [height - px(badge!.style.bottom) - BADGE_HEIGHT, height - px(badge!.style.bottom)];
    const overlaps = badgeBox[0] < barsBox[1] && barsBox[0] < badgeBox[1];
    expect(overlaps, `badge ${badgeBox.join('–')} px, bars ${barsBox.join('–')} px`).toBe(false);
    // in the margin: above the top safe line or below the bottom one
    const safe = SAFE_AREAS[format];
    expect(badgeBox[1] <= safe.top || badgeBox[0] >= height - safe.bottom).toBe(true);
  });
});
