import { Fragment, type ReactNode } from 'react';
import { linearTiming, TransitionSeries, type TransitionPresentation } from '@remotion/transitions';
import { AbsoluteFill, useVideoConfig } from 'remotion';
import type { Timeline, TimelineSegment } from '../duration';
import type { VideoProps } from '../schema';
import { AudioTracks } from './AudioTracks';
import { SceneNarration } from './SceneNarration';
import { Captions } from './Captions';
import { Watermark } from './Watermark';

type Props = {
  props: VideoProps;
  timeline: Timeline;
  background: string;
  renderSegment: (segment: TimelineSegment) => ReactNode;
  /** The transition into segment `index` (index ≥ 1). */
  transitionInto: (index: number, segment: TimelineSegment) => TransitionPresentation<Record<string, unknown>>;
};

/** Lays a template's segments on a TransitionSeries and adds the audio and watermark layers. */
export function TemplateVideo({ props, timeline, background, renderSegment, transitionInto }: Props) {
  // In the Player each scene mounts a second early (hidden), so its photo is loaded before it shows;
  // only a slower load pauses playback. Renders ignore premounting.
  const { fps } = useVideoConfig();
  return (
    <AbsoluteFill style={{ backgroundColor: background }}>
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
              {renderSegment(segment)}
            </TransitionSeries.Sequence>
          </Fragment>
        ))}
      </TransitionSeries>
      <AudioTracks music={props.music} narration={props.narration} scenes={props.scenes} timeline={timeline} />
      <SceneNarration scenes={props.scenes} timeline={timeline} />
      {props.captions?.enabled ? <Captions props={props} timeline={timeline} /> : null}
      {props.watermark ? <Watermark /> : null}
    </AbsoluteFill>
  );
}
