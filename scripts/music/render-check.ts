/*
 * A real render of a short narrated video with a shipped track, through both of the worker's paths
 * (in the browser with WebCodecs, and renderMedia), checked with ffprobe and by measuring the ducking
 * in the output: the gain applied to the music inside the narration windows and outside them (the
 * output's RMS against the track's own over the same seconds). The narration clips are silence of a
 * known length, so the output's audio is the music alone.
 *
 *   npx tsx scripts/music/render-check.ts [--track skyline] [--keep]
 *
 * Prints one line per path; exits 1 when an audio stream is missing, too short or not ducked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FallbackRenderer } from '../../worker/fallback-renderer'
import { probe } from '../../worker/ffmpeg'
import { LocalRenderer } from '../../worker/local-renderer'
import { compositionId, completeProps, timelineFor } from '../../remotion/catalog'
import { VIDEO_FORMATS } from '../../remotion/constants'
import { sampleListing } from '../../remotion/sample-listing'
import { DUCK_RAMP_SECONDS, narrationWindows } from '../../remotion/scenes/AudioTracks'
import type { VideoProps } from '../../remotion/schema'
import { serveFiles } from '../lib/file-server'
import { decode, rmsBetween } from './measure'

const args = process.argv.slice(2)
const track = args.includes('--track') ? args[args.indexOf('--track') + 1] : 'skyline'
const root = path.resolve(import.meta.dirname, '../..')

/** `seconds` of silence, 16-bit mono WAV: a narration clip that adds nothing to the mix. */
function silentWav(seconds: number, rate = 24_000): Buffer {
  const samples = Math.round(seconds * rate)
  const buf = Buffer.alloc(44 + samples * 2)
  buf.write('RIFF', 0); buf.writeUInt32LE(36 + samples * 2, 4); buf.write('WAVEfmt ', 8)
  buf.writeUInt32LE(16, 16); buf.writeUInt16LE(1, 20); buf.writeUInt16LE(1, 22); buf.writeUInt32LE(rate, 24)
  buf.writeUInt32LE(rate * 2, 28); buf.writeUInt16LE(2, 32); buf.writeUInt16LE(16, 34); buf.write('data', 36); buf.writeUInt32LE(samples * 2, 40)
  return buf
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'music-render-'))
  const speech = 3
  writeFileSync(path.join(dir, 'speech.wav'), silentWav(speech))
  const files = await serveFiles({
    'speech.wav': path.join(dir, 'speech.wav'),
    ...Object.fromEntries(['living-room', 'kitchen', 'bedroom'].map((n) => [n, path.join(root, 'public/remotion/samples', `${n}.jpg`)])),
  })
  const narration = { src: files.url('speech.wav'), seconds: speech, text: 'Silence.', voiceId: 'check', timing: 'estimated' as const, words: [] }
  const template = 'classic-tour'
  const format = 'square'
  const props = completeProps(template, {
    listing: { ...sampleListing, features: [] },
    scenes: [
      { id: 's1', src: files.url('living-room'), narration },
      { id: 's2', src: files.url('kitchen'), seconds: 5 },
      { id: 's3', src: files.url('bedroom'), narration },
    ],
    show: { price: false, facts: false, features: false },
    agent: null,
    music: { src: `/music/${track}.m4a`, volume: 0.8, duckVolume: 0.2, fadeInSeconds: 0.5, fadeOutSeconds: 1 },
    fps: 30,
  } as VideoProps)
  const timeline = timelineFor(template, props)
  const seconds = timeline.durationInFrames / timeline.fps
  const windows = narrationWindows(props.scenes, timeline).map((w) => ({ from: w.from / timeline.fps, to: w.to / timeline.fps }))
  const { width, height } = VIDEO_FORMATS[format]
  console.log(`${compositionId(template, format)}, ${seconds.toFixed(2)} s, music ${track} (volume 0.8, 0.2 under narration), narration windows ${windows.map((w) => `${w.from.toFixed(2)}–${w.to.toFixed(2)} s`).join(', ')}`)
  // the steady parts: inside each window, and the stretches between (ramps and fades left out)
  const pad = DUCK_RAMP_SECONDS + 0.1
  const inside = windows.map((w) => [w.from + 0.1, w.to - 0.1] as const)
  const outside = [[0.6, windows[0].from - pad], [windows[0].to + pad, windows[1].from - pad]] as const

  const source = await decode(path.join(root, 'public/music', `${track}.m4a`))
  const gainDb = (pcm: Float32Array[], [a, b]: readonly [number, number]) => rmsBetween(pcm, 44100, a, b) - rmsBetween(source, 44100, a, b)
  let failed = false
  const renderers = [
    { name: 'worker default', make: () => new FallbackRenderer() },
    { name: 'renderMedia', make: () => new LocalRenderer() },
  ]
  try {
    for (const r of renderers) {
      const renderer = r.make()
      const out = path.join(dir, `${r.name.replace(/\W+/g, '-')}.mp4`)
      const started = performance.now()
      try {
        await renderer.ready()
        await renderer.render(
          { compositionId: compositionId(template, format), inputProps: props, codec: 'h264', outputFile: out, posterFile: `${out}.jpg`, posterFrame: 10, scale: 0.25, size: { width, height, fps: timeline.fps, totalFrames: timeline.durationInFrames }, mediaOrigins: [new URL(files.url('living-room')).origin] },
          () => {},
          new AbortController().signal,
        )
      } finally {
        await renderer.close()
      }
      const used = renderer instanceof FallbackRenderer ? renderer.lastPath : 'renderMedia'
      const info = await probe(out)
      const audio = info.streams.find((s) => s.codec_type === 'audio')
      const audioSeconds = Number(audio?.duration ?? info.format.duration)
      const pcm = await decode(out)
      // the music starts at frame 0 and is shorter than its first loop here, so second t of the output is second t of the track
      const gainIn = inside.map((w) => gainDb(pcm, w))
      const gainOut = outside.map((w) => gainDb(pcm, w))
      const want = { out: 20 * Math.log10(0.8), in: 20 * Math.log10(0.2) }
      const near = (xs: number[], target: number) => xs.every((x) => Math.abs(x - target) < 1.5)
      const ok = Boolean(audio) && Math.abs(audioSeconds - seconds) < 0.15 && near(gainOut, want.out) && near(gainIn, want.in)
      failed ||= !ok
      const list = (xs: number[]) => xs.map((v) => v.toFixed(1)).join(' / ')
      console.log(
        `${r.name} (${used}): ${((performance.now() - started) / 1000).toFixed(1)} s; audio ${audio?.codec_name ?? 'none'} ${audioSeconds.toFixed(2)} s of ${seconds.toFixed(2)}; ` +
          `music gain outside the narration ${list(gainOut)} dB (want ${want.out.toFixed(1)}), under it ${list(gainIn)} dB (want ${want.in.toFixed(1)}) ${ok ? 'ok' : 'PROBLEM'}`,
      )
    }
  } finally {
    await files.close()
    if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true })
    else console.log(`kept ${dir}`)
  }
  if (failed) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
