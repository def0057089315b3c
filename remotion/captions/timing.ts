import type { VideoFormat } from '../constants';
import { narrationOffsetFrames, segmentStarts, type Timeline } from '../duration';
import type { VideoProps } from '../schema';

/*
 * Caption cues: when each line of a video's narration is on screen, in frames of the whole video.
 * Pure (no React), shared by the templates' <Captions> layer and by the SRT/VTT files written beside
 * a render (lib/captions re-exports it: remotion/ may not import lib/, so it lives here).
 *
 * Each narrated photo scene's words (`scene.narration.words`, seconds from the start of the scene's
 * narration audio, from the provider or estimated) are placed at the scene's start plus
 * narrationOffsetFrames, grouped into phrases that fit the layout (characters per line, lines,
 * seconds), split at sentence ends, long pauses and, when a phrase must break, at its last comma.
 * A cue never leaves its scene's own stretch (from its narration start to where the next segment's
 * transition begins), never the video, and never overlaps the next cue.
 */

export type CaptionStyle = 'words' | 'phrases';
export type CaptionLayout = { maxLineChars: number; maxLines: number; maxSeconds: number };

/** On screen, per style and format; `file` is the SRT/VTT layout (the broadcast norm: 2 × 42). */
export const CAPTION_LAYOUTS: Record<CaptionStyle, Record<VideoFormat, CaptionLayout>> & { file: CaptionLayout } = {
  words: {
    landscape: { maxLineChars: 30, maxLines: 1, maxSeconds: 3 },
    portrait: { maxLineChars: 18, maxLines: 2, maxSeconds: 3 },
    square: { maxLineChars: 20, maxLines: 2, maxSeconds: 3 },
  },
  phrases: {
    landscape: { maxLineChars: 42, maxLines: 2, maxSeconds: 6 },
    portrait: { maxLineChars: 26, maxLines: 2, maxSeconds: 6 },
    square: { maxLineChars: 30, maxLines: 2, maxSeconds: 6 },
  },
  file: { maxLineChars: 42, maxLines: 2, maxSeconds: 6 },
};

/** A pause this long between two words always starts a new cue. */
const PAUSE_BREAK_SECONDS = 0.7;
/** A cue stays at least this long when the next one leaves room (reading time). */
const MIN_CUE_SECONDS = 0.8;
/** A gap shorter than this between two cues of a scene is bridged (no flicker between lines). */
const BRIDGE_SECONDS = 0.3;
const SENTENCE_END = /[.!?…]["'”’)\]]*$/;
const CLAUSE_END = /[,;:–—-]["'”’)\]]*$/;
const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;
/** A token that is punctuation alone joins the word before it, with no space. */
export const isPunctuation = (token: string) => PUNCTUATION_ONLY.test(token);

export type CueWord = { text: string; startFrame: number; endFrame: number };
export type CaptionCue = {
  sceneIndex: number;
  startFrame: number;
  /** exclusive: the cue shows on frames startFrame … endFrame − 1 */
  endFrame: number;
  /** the lines as shown (and written in the files) */
  lines: string[];
  /** how many of `words` each line holds */
  lineWords: number[];
  words: CueWord[];
};

type Word = { text: string; start: number; end: number };

/** Does any scene carry word timings to caption? */
export function hasCaptionWords(props: Pick<VideoProps, 'scenes'>): boolean {
  return props.scenes.some((scene) => (scene.narration?.words.length ?? 0) > 0);
}

/** Words joined for reading: punctuation that came as its own token sticks to the word before. */
export function joinWords(words: string[]): string {
  return words.reduce((text, word) => (!text ? word : PUNCTUATION_ONLY.test(word) ? text + word : `${text} ${word}`), '');
}

/** Greedy wrap: the fewest lines of at most `max` characters (a single longer word gets its own line). */
export function wrapGreedy(words: string[], max: number): string[][] {
  const lines: string[][] = [];
  for (const word of words) {
    const line = lines[lines.length - 1];
    if (line && (PUNCTUATION_ONLY.test(word) || joinWords([...line, word]).length <= max)) line.push(word);
    else lines.push([word]);
  }
  return lines;
}

/** Lines to show, as groups of words: one if it fits, else two of even length, else the greedy wrap. */
export function wrapWords(words: string[], layout: CaptionLayout): string[][] {
  const greedy = wrapGreedy(words, layout.maxLineChars);
  if (greedy.length !== 2) return greedy;
  let best = greedy;
  let bestScore = Infinity;
  for (let k = 1; k < words.length; k++) {
    if (PUNCTUATION_ONLY.test(words[k])) continue;
    const split = [words.slice(0, k), words.slice(k)];
    const [a, b] = split.map((line) => joinWords(line).length);
    if (split.some((line, i) => line.length > 1 && [a, b][i] > layout.maxLineChars)) continue;
    // balanced first; of two equally balanced pairs, the longer line below
    const score = Math.max(a, b) * 2 + (a > b ? 1 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = split;
    }
  }
  return best;
}

export const wrapLines = (words: string[], layout: CaptionLayout): string[] => wrapWords(words, layout).map(joinWords);

const fits = (words: Word[], layout: CaptionLayout) =>
  wrapGreedy(words.map((w) => w.text), layout.maxLineChars).length <= layout.maxLines &&
  words[words.length - 1].end - words[0].start <= layout.maxSeconds;

/** Splits one scene's words (absolute seconds, in order) into phrases that fit the layout. */
export function groupPhrases(words: Word[], layout: CaptionLayout): Word[][] {
  const phrases: Word[][] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length) phrases.push(current);
    current = [];
  };
  for (const word of words) {
    if (current.length) {
      const pause = word.start - current[current.length - 1].end > PAUSE_BREAK_SECONDS;
      if (pause) flush();
      else if (!fits([...current, word], layout)) {
        // break at the phrase's last clause end when it leaves a decent first part, else here
        const cut = current.findLastIndex((w, i) => CLAUSE_END.test(w.text) && i + 1 >= current.length / 3);
        if (cut >= 0 && cut < current.length - 1) {
          const rest = current.slice(cut + 1);
          phrases.push(current.slice(0, cut + 1));
          current = rest;
          if (!fits([...rest, word], layout)) flush();
        } else if ((CLAUSE_END.test(word.text) || SENTENCE_END.test(word.text)) && current.length >= 3) {
          // the word closes a clause: carry the last words over so it is not left alone ("onto the terrace,")
          const carry = current.slice(-Math.min(2, Math.floor(current.length / 3)));
          phrases.push(current.slice(0, current.length - carry.length));
          current = carry;
          if (!fits([...carry, word], layout)) flush();
        } else flush();
      }
    }
    current.push(word);
    if (SENTENCE_END.test(word.text)) flush();
  }
  flush();
  return phrases;
}

/** The scene's words in order, in seconds of the whole video, inside [from, to). */
function placeWords(words: Word[], from: number, to: number): Word[] {
  const placed = words
    .map((w) => ({ text: w.text.replace(/\s+/g, ' ').trim(), start: from + w.start, end: from + Math.max(w.start, w.end) }))
    .filter((w) => w.text && w.start < to)
    .sort((a, b) => a.start - b.start);
  // overlapping provider timings: a word ends when the next one starts; nothing runs past `to`
  return placed.map((w, i) => ({ ...w, end: Math.min(w.end, placed[i + 1]?.start ?? Infinity, to) }));
}

/**
 * The video's caption cues, in order. `limitFrames` clips them to a shorter render (a test slice);
 * by default they end with the video.
 */
export function captionCues(props: Pick<VideoProps, 'scenes'>, timeline: Timeline, layout: CaptionLayout, limitFrames = timeline.durationInFrames): CaptionCue[] {
  const { fps, transitionFrames } = timeline;
  const starts = segmentStarts(timeline);
  const offset = narrationOffsetFrames(timeline);
  const lastFrame = Math.min(limitFrames, timeline.durationInFrames);
  const cues: CaptionCue[] = [];
  timeline.segments.forEach((segment, i) => {
    if (segment.kind !== 'photo' || segment.sceneIndex === undefined) return;
    const sceneIndex = segment.sceneIndex;
    const words = props.scenes[sceneIndex]?.narration?.words ?? [];
    if (!words.length) return;
    const fromFrame = starts[i] + offset;
    // the scene's own stretch: its narration start to where the transition out (the next segment) begins
    const toFrame = Math.min(starts[i] + segment.durationInFrames - transitionFrames, lastFrame);
    if (toFrame <= fromFrame) return;
    const to = toFrame / fps;
    const phrases = groupPhrases(placeWords(words, fromFrame / fps, to), layout);
    phrases.forEach((phrase, p) => {
      const next = phrases[p + 1]?.[0].start ?? to;
      const spoken = phrase[phrase.length - 1].end;
      let end = Math.max(spoken, Math.min(phrase[0].start + MIN_CUE_SECONDS, next));
      if (next - end < BRIDGE_SECONDS) end = next;
      const previousEnd = cues[cues.length - 1]?.endFrame ?? 0;
      const startFrame = Math.max(Math.round(phrase[0].start * fps), previousEnd, fromFrame);
      const endFrame = Math.min(Math.round(end * fps), toFrame);
      if (endFrame <= startFrame) return;
      const lines = wrapWords(phrase.map((w) => w.text), layout);
      cues.push({
        sceneIndex,
        startFrame,
        endFrame,
        lines: lines.map(joinWords),
        lineWords: lines.map((line) => line.length),
        words: phrase.map((w) => ({
          text: w.text,
          startFrame: Math.min(Math.max(Math.round(w.start * fps), startFrame), endFrame - 1),
          endFrame: Math.min(Math.max(Math.round(w.end * fps), startFrame + 1), endFrame),
        })),
      });
    });
  });
  return cues;
}

/** The cue on screen at `frame`, if any (cues are in order and never overlap). */
export function cueAt(cues: CaptionCue[], frame: number): CaptionCue | null {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid].endFrame <= frame) lo = mid + 1;
    else if (cues[mid].startFrame > frame) hi = mid - 1;
    else return cues[mid];
  }
  return null;
}

/** The word being spoken at `frame` (the last one started, so a short gap keeps the highlight). */
export function wordAt(cue: CaptionCue, frame: number): number {
  let index = 0;
  cue.words.forEach((w, i) => {
    if (w.startFrame <= frame) index = i;
  });
  return index;
}
