import { useMemo } from 'react';
import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
import { CAPTION_LAYOUTS, captionCues, cueAt, isPunctuation, wordAt } from '../captions/timing';
import type { VideoFormat } from '../constants';
import type { Timeline } from '../duration';
import type { VideoProps } from '../schema';
import { brandSurface } from './contrast';
import { FONTS } from './fonts';
import { useLayout } from './layout';

/** Used when a video has no brand colour yet (the Player before the editor fills it in). */
const FALLBACK_HIGHLIGHT = '#ffd23f';

/**
 * Distance from the frame's bottom edge to the caption box, per format: `lifted` clears the tallest
 * photo lower third of the three templates (the scene's own caption), `low` sits just inside the safe
 * area when the scene has none. Portrait always keeps clear of the Reels/Shorts/TikTok buttons and
 * of Luxury Estate's numeral under its framed photo.
 */
const PLACEMENT: Record<VideoFormat, { lifted: number; low: number; fontSize: { words: number; phrases: number } }> = {
  landscape: { lifted: 330, low: 110, fontSize: { words: 64, phrases: 54 } },
  portrait: { lifted: 720, low: 720, fontSize: { words: 76, phrases: 56 } },
  square: { lifted: 345, low: 110, fontSize: { words: 62, phrases: 50 } },
};

/**
 * Captions of the narration, drawn over the whole video (props.captions.enabled): white bold type on
 * a dark box, the word being spoken on the brand colour ('words', the default), or whole phrases
 * ('phrases'). Timing: remotion/captions/timing.ts, shared with the SRT/VTT files.
 */
export function Captions({ props, timeline }: { props: VideoProps; timeline: Timeline }) {
  const frame = useCurrentFrame();
  const { format, safe } = useLayout();
  const style = props.captions?.style ?? 'words';
  const cues = useMemo(() => captionCues(props, timeline, CAPTION_LAYOUTS[style][format]), [props, timeline, style, format]);
  const cue = cueAt(cues, frame);
  if (!cue) return null;

  const place = PLACEMENT[format];
  const lifted = Boolean(props.scenes[cue.sceneIndex]?.caption);
  // the spoken word's box: the brand colour, darkened where neither ink reaches 4.5:1 (contrast.ts)
  const highlight = brandSurface(props.brandColor ?? FALLBACK_HIGHLIGHT);
  const fontSize = place.fontSize[style];
  const previous = cues[cues.indexOf(cue) - 1];
  // a line that follows straight on from the last one swaps in place; otherwise it rises in
  const enter = previous?.endFrame === cue.startFrame ? 1 : interpolate(frame - cue.startFrame, [0, 5], [0, 1], { extrapolateRight: 'clamp' });
  const exit = interpolate(cue.endFrame - frame, [0, 3], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const spoken = style === 'words' ? wordAt(cue, frame) : -1;

  // each line's words, with their index in the cue (for the highlight)
  const firsts = cue.lineWords.map((_, l) => cue.lineWords.slice(0, l).reduce((a, b) => a + b, 0));
  const lines = cue.lineWords.map((count, l) =>
    cue.words.slice(firsts[l], firsts[l] + count).map((word, i) => ({ text: word.text, index: firsts[l] + i })),
  );

  return (
    <AbsoluteFill style={{ pointerEvents: 'none', justifyContent: 'flex-end', alignItems: 'center', padding: `0 ${safe.side}px ${lifted ? place.lifted : place.low}px` }}>
      <div
        data-captions={style}
        style={{
          maxWidth: '100%',
          padding: `${Math.round(fontSize * 0.28)}px ${Math.round(fontSize * 0.5)}px`,
          borderRadius: Math.round(fontSize * 0.28),
          backgroundColor: 'rgba(10,12,16,0.8)',
          boxShadow: '0 12px 40px rgba(0,0,0,0.35)',
          color: '#ffffff',
          fontFamily: FONTS.inter,
          fontWeight: 800,
          fontSize,
          lineHeight: 1.22,
          textAlign: 'center',
          opacity: Math.min(enter, exit),
          transform: `translateY(${(1 - enter) * 16}px)`,
        }}
      >
        {lines.map((words, l) => (
          <div key={l} style={{ whiteSpace: 'nowrap' }}>
            {words.map(({ text, index }, i) => (
              <span key={i}>
                {i > 0 && !isPunctuation(text) ? ' ' : null}
                <span
                  style={
                    index === spoken
                      ? { backgroundColor: highlight.fill, color: highlight.ink, borderRadius: 8, boxShadow: `0 0 0 0.1em ${highlight.fill}` }
                      : index > spoken && spoken >= 0
                        ? { color: 'rgba(255,255,255,0.78)' }
                        : undefined
                  }
                >
                  {text}
                </span>
              </span>
            ))}
          </div>
        ))}
      </div>
    </AbsoluteFill>
  );
}
