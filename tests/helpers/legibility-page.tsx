import { Thumbnail } from '@remotion/player';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { TemplateId } from '../../remotion/catalog';
import { TEMPLATE_COMPONENTS } from '../../remotion/components';
import { VIDEO_FORMATS, type VideoFormat } from '../../remotion/constants';
import type { VideoProps } from '../../remotion/schema';

// A test page (tests/integration/remotion/legibility.test.ts): one frame of a composition at its full
// size, as the Player draws it, and the on-screen box of every piece of text in it.

export type TextBox = { text: string; x: number; y: number; width: number; height: number; fontSize: number; fontWeight: number };

declare global {
  interface Window {
    showFrame: (request: { template: TemplateId; format: VideoFormat; props: VideoProps; frame: number; durationInFrames: number; fps: number }) => Promise<void>;
    textBoxes: () => TextBox[];
  }
}

const host = document.getElementById('still')!;

/** Marks the host once React has committed the frame asked for. */
function Committed({ frame }: { frame: number }) {
  useLayoutEffect(() => {
    host.dataset.frame = String(frame);
  }, [frame]);
  return null;
}
const root = createRoot(host);

window.showFrame = async ({ template, format, props, frame, durationInFrames, fps }) => {
  const { width, height } = VIDEO_FORMATS[format];
  root.render(
    <>
    <Thumbnail
      component={TEMPLATE_COMPONENTS[template]}
      inputProps={props}
      compositionWidth={width}
      compositionHeight={height}
      durationInFrames={durationInFrames}
      fps={fps}
      frameToDisplay={frame}
      style={{ width, height }}
    />
    <Committed frame={frame} />
  </>,
  );
  // the frame committed (Committed below), every photo's size measured, pictures decoded, fonts loaded
  const settled = () => host.dataset.frame === String(frame) && !host.querySelector('[data-fit="pending"]');
  for (let i = 0; i < 500 && !settled(); i++) await new Promise((r) => requestAnimationFrame(r));
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  await document.fonts.ready;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
};

/** Text that is on screen: not hidden, not faded, and clipped to the boxes that clip it (line clamps). */
window.textBoxes = () => {
  const boxes: TextBox[] = [];
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (!text) continue;
    const parent = node.parentElement!;
    let visible = true;
    let clip = { left: 0, top: 0, right: Infinity, bottom: Infinity };
    for (let el: Element | null = parent; el && el !== host; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) < 0.999) visible = false;
      if (style.overflow !== 'visible') {
        const r = el.getBoundingClientRect();
        clip = { left: Math.max(clip.left, r.left), top: Math.max(clip.top, r.top), right: Math.min(clip.right, r.right), bottom: Math.min(clip.bottom, r.bottom) };
      }
    }
    if (!visible) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const style = getComputedStyle(parent);
    // the union of its lines (per-line rects of clamped, balanced text are not reliable in Chromium)
    for (const r of [range.getBoundingClientRect()]) {
      const left = Math.max(r.left, clip.left);
      const top = Math.max(r.top, clip.top);
      const right = Math.min(r.right, clip.right);
      const bottom = Math.min(r.bottom, clip.bottom);
      if (right - left < 4 || bottom - top < 4) continue;
      boxes.push({ text, x: left, y: top, width: right - left, height: bottom - top, fontSize: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight) || 400 });
    }
  }
  return boxes;
};
