import { describe, expect, it } from 'vitest';
import { timelineFor } from '@/remotion/catalog';
import { sampleVideoProps } from '@/remotion/samples';
import { sameNarrations, sameTimeline } from '@/remotion/scenes/same';
import type { VideoProps } from '@/remotion/schema';

// The audio layers and the segment series skip a render when these say nothing they show changed
// (typing a caption in the editor); they must never say "same" when a length or a clip changed.

const props = sampleVideoProps;
const narrated: VideoProps = {
  ...props,
  scenes: props.scenes.map((scene, i) => ({ ...scene, script: `Line ${i}.`, narration: { src: `https://x.test/${i}.wav`, seconds: 3 + i, text: `Line ${i}.`, voiceId: 'flite:slt', timing: 'estimated', words: [] } })),
};

describe('sameTimeline and sameNarrations', () => {
  it('a caption typed: new objects, same frames and clips', () => {
    const typed: VideoProps = { ...narrated, scenes: narrated.scenes.map((s, i) => (i === 0 ? { ...s, caption: 'Harbour light' } : s)) };
    const before = timelineFor('classic-tour', narrated);
    const after = timelineFor('classic-tour', typed);
    expect(after).not.toBe(before);
    expect(sameTimeline(before, after)).toBe(true);
    expect(sameNarrations(narrated.scenes, typed.scenes)).toBe(true);
  });

  it('a scene made longer or a clip spoken again is a change', () => {
    const longer: VideoProps = { ...narrated, scenes: narrated.scenes.map((s, i) => (i === 1 ? { ...s, seconds: 9 } : s)) };
    expect(sameTimeline(timelineFor('classic-tour', narrated), timelineFor('classic-tour', longer))).toBe(false);
    const respoken = narrated.scenes.map((s, i) => (i === 2 && s.narration ? { ...s, narration: { ...s.narration, src: 'https://x.test/new.wav' } } : s));
    expect(sameNarrations(narrated.scenes, respoken)).toBe(false);
    const remeasured = narrated.scenes.map((s, i) => (i === 2 && s.narration ? { ...s, narration: { ...s.narration, seconds: 4.2 } } : s));
    expect(sameNarrations(narrated.scenes, remeasured)).toBe(false);
    const cleared = narrated.scenes.map((s, i) => (i === 0 ? { ...s, narration: undefined } : s));
    expect(sameNarrations(narrated.scenes, cleared)).toBe(false);
    expect(sameNarrations(narrated.scenes, narrated.scenes.slice(1))).toBe(false);
  });

  it('another template or format is a different timeline', () => {
    expect(sameTimeline(timelineFor('classic-tour', narrated), timelineFor('luxury-estate', narrated))).toBe(false);
    expect(sameTimeline(undefined, timelineFor('classic-tour', narrated))).toBe(false);
  });
});
