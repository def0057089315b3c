/*
 * The loudness every finished video and every narration clip is brought to (EBU R128 / ITU-R
 * BS.1770 integrated loudness and true peak). One place: the clip normaliser
 * (lib/narration/speak.ts), the render paths' master step (worker/audio/master.ts: the worker's
 * in-browser join, the renderMedia fallback, the Lambda copy) and the loudness tests read these.
 */

/** Integrated loudness of every finished video's mix (LUFS). −16 is the common target for online video and podcasts. */
export const MIX_TARGET_LUFS = -16
/** Highest true peak of a finished video's audio (dBTP). */
export const MIX_TRUE_PEAK_DBTP = -1
/** How far the mix may land from MIX_TARGET_LUFS (LU): what the tests hold every render to. */
export const MIX_TOLERANCE_LU = 1

/**
 * Integrated loudness of a narration clip as the video plays it (a mono clip on both speakers,
 * i.e. measured as dual mono). The same as the mix: a video that is all voice needs no correction.
 */
export const NARRATION_TARGET_LUFS = -16
/** A clip's true-peak ceiling: below the mix's, so the master step rarely has to limit the voice. */
export const NARRATION_TRUE_PEAK_DBTP = -2

/** The voice is at least this much louder than the music under it (dB, by the ducking levels). */
export const VOICE_OVER_MUSIC_DB = 12

/**
 * Bumped whenever what the normaliser stores changes: narration clips are cached by a key that holds
 * it (lib/narration/clips.ts), so a clip made under other rules is spoken again, never reused.
 */
export const LOUDNESS_VERSION = 1
