/*
 * The loudness a finished video's mix aims at (issue 25): EBU R128 integrated loudness, the usual
 * target of web and social platforms. Measured in tests with ffmpeg's loudnorm (first pass); the mix
 * itself is the loudness work of issue 25 (a separate change), so tests print it against this target
 * and assert speech, and the ±1 LU check is added once the mix is normalised.
 */
export const TARGET_INTEGRATED_LUFS = -16
