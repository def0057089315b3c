import { createContext, Fragment, memo, useContext, useMemo, type ReactNode } from 'react';
import { linearTiming, TransitionSeries, type TransitionPresentation } from '@remotion/transitions';
import { AbsoluteFill, useVideoConfig } from 'remotion';
import type { Timeline, TimelineSegment } from '../duration';
import type { VideoProps } from '../schema';
import { AudioTracks } from './AudioTracks';
import { sameTimeline } from './same';
import { SceneNarration } from './SceneNarration';
import { Captions } from './Captions';
import { Watermark } from './Watermark';

type Props = {
  props: VideoProps;
  timeline: Timeline;
  background: string;
  renderSegment: (segment: TimelineSegment) => ReactNode;
  /** The transition into segment `index` (index ≥ 1); it may depend on nothing but its arguments. */
  transitionInto: (index: number, segment: TimelineSegment) => TransitionPresentation<Record<string, unknown>>;
};

type RenderSegment = Props['renderSegment'];
const SegmentRenderer = createContext<{ render: RenderSegment } | null>(null);

/** A segment's picture, drawn by the template's latest renderSegment (see Segments). */
function SegmentSlot({ segment }: { segment: TimelineSegment }) {
  const renderer = useContext(SegmentRenderer);
  return <>{renderer?.render(segment)}</>;
}

/**
 * The segments on a TransitionSeries. It re-renders only when the timeline's frames change: each
 * segment's content is a SegmentSlot that reads the template's renderSegment from context, so an edit
 * that keeps every length (typing a caption in the editor) re-renders the one or two segments mounted
 * at the Player's frame, not the series' dozens of Sequences (npm run bench:editor-profile).
 */
const Segments = memo(
  function Segments({ timeline, transitionInto }: Pick<Props, 'timeline' | 'transitionInto'>) {
    // In the Player each scene mounts a second early (hidden), so its photo is loaded before it shows;
    // only a slower load pauses playback. Renders ignore premounting.
    const { fps } = useVideoConfig();
    return (
      <TransitionSeries>
        {timeline.segments.map((segment, index) => (
          <Fragment key={`${segment.kind}-${segment.sceneIndex ?? index}`}>
            {index > 0 && timeline.transitionFrames > 0 ? (
              <TransitionSeries.Transition
                presentation={transitionInto(index, segment)}
                timing={linearTiming({ durationInFrames: timeline.transitionFrames })}
              />
            ) : null}
            <TransitionSeries.Sequence durationInFrames={segment.durationInFrames} name={segment.kind} premountFor={fps}>
              <SegmentSlot segment={segment} />
            </TransitionSeries.Sequence>
          </Fragment>
        ))}
      </TransitionSeries>
    );
  },
  (a, b) => sameTimeline(a.timeline, b.timeline),
);

/** Lays a template's segments on a TransitionSeries and adds the audio and watermark layers. */
export function TemplateVideo({ props, timeline, background, renderSegment, transitionInto }: Props) {
  const renderer = useMemo(() => ({ render: renderSegment }), [renderSegment]);
  return (
    <AbsoluteFill style={{ backgroundColor: background }}>
      <SegmentRenderer.Provider value={renderer}>
        <Segments timeline={timeline} transitionInto={transitionInto} />
      </SegmentRenderer.Provider>
      <AudioTracks music={props.music} narration={props.narration} scenes={props.scenes} timeline={timeline} />
      <SceneNarration scenes={props.scenes} timeline={timeline} />
      {props.captions?.enabled ? <Captions props={props} timeline={timeline} /> : null}
      {props.watermark ? <Watermark /> : null}
    </AbsoluteFill>
  );
}
