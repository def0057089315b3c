import { Children, isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { outNameFor, TEMPLATE_IDS, timelineFor } from '@/remotion/catalog';
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants';
import { CODECS } from '@/remotion/render-settings';
import { RemotionRoot } from '@/remotion/Root';
import { sampleVideoProps } from '@/remotion/samples';
import type { VideoProps } from '@/remotion/schema';

type CompositionProps = {
  id: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
  defaultProps: VideoProps;
  calculateMetadata: (o: { props: VideoProps }) => Record<string, unknown>;
};

/** The <Composition> elements RemotionRoot declares (it is a plain function of no state). */
function compositions(): CompositionProps[] {
  const out: CompositionProps[] = [];
  const walk = (node: unknown) => {
    Children.forEach(node as ReactElement, (child) => {
      if (!isValidElement(child)) return;
      const props = child.props as { id?: string; children?: unknown };
      if (props.id && 'calculateMetadata' in (props as object)) out.push(props as unknown as CompositionProps);
      if (props.children) walk(props.children);
    });
  };
  walk((RemotionRoot() as ReactElement<{ children: unknown }>).props.children);
  return out;
}

describe('the compositions declare the spec’s parameters', () => {
  it('every template in every format: id, size, fps, duration, props, defaultCodec and defaultOutName', () => {
    const all = compositions();
    expect(all.map((c) => c.id).sort()).toEqual(TEMPLATE_IDS.flatMap((t) => VIDEO_FORMAT_IDS.map((f) => `${t}-${f}`)).sort());
    for (const c of all) {
      const [template, format] = [TEMPLATE_IDS.find((t) => c.id.startsWith(t))!, c.id.split('-').at(-1)!];
      expect([c.width, c.height]).toEqual([VIDEO_FORMATS[format as keyof typeof VIDEO_FORMATS].width, VIDEO_FORMATS[format as keyof typeof VIDEO_FORMATS].height]);
      const meta = c.calculateMetadata({ props: c.defaultProps });
      const timeline = timelineFor(template, c.defaultProps);
      expect(meta).toEqual({
        fps: timeline.fps,
        durationInFrames: timeline.durationInFrames,
        defaultCodec: 'h264',
        defaultOutName: outNameFor(template, format, c.defaultProps),
      });
      expect(CODECS).toContain(meta.defaultCodec);
    }
  });
});

describe('outNameFor', () => {
  it('names the file after the address, template and format, in plain lower-case words', () => {
    const props = { ...sampleVideoProps, listing: { ...sampleVideoProps.listing, address: { line: '12 Harbour View Rd, Sydney' } } };
    expect(outNameFor('classic-tour', 'landscape', props)).toBe('12-harbour-view-rd-sydney-classic-tour-landscape');
    const accents = { ...props, listing: { ...props.listing, address: { line: 'Æble Straße 5, Zürich / Ünit #3' } } };
    expect(outNameFor('social-reel', 'portrait', accents)).toBe('aeble-strasse-5-zurich-unit-3-social-reel-portrait');
    // the name becomes a storage path and a Content-Disposition download name: nothing hostile survives
    const hostile = { ...props, listing: { ...props.listing, address: { line: '../../etc/passwd\r\nSet-Cookie: a=b; "x".mp4\u0000' } } }
    expect(outNameFor('classic-tour', 'square', hostile)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(outNameFor('classic-tour', 'square', hostile)).toBe('etc-passwd-set-cookie-a-b-x-mp4-classic-tour-square')
    const long = { ...props, listing: { ...props.listing, address: { line: 'x'.repeat(300) } } };
    expect(outNameFor('luxury-estate', 'square', long).length).toBeLessThanOrEqual(100);
  });
});
