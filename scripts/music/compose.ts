/*
 * Composes the shipped music: renders every track of tracks.ts with the synthesiser, normalises it to
 * TARGET_LUFS (EBU R128 integrated loudness, measured by ffmpeg's loudnorm), encodes AAC in .m4a into
 * public/music/ and checks the result (duration, peak, loudness, no clipping, no silent band).
 *
 *   npx tsx scripts/music/compose.ts                 # all tracks
 *   npx tsx scripts/music/compose.ts skyline hearth  # some
 *   npx tsx scripts/music/compose.ts --out /tmp/m    # elsewhere
 *
 * Deterministic: the same code gives the same PCM (the AAC encoder may differ across ffmpeg builds).
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { probe, runFf } from '../../worker/ffmpeg'
import { dB, decode, levels, loudness } from './measure'
import { SR } from './synth'
import { renderTrack, TRACKS } from './tracks'

export const TARGET_LUFS = -18
/** Sample peak ceiling before encoding; AAC adds a little, loudnorm's true peak is reported after. */
const PEAK_CEILING = 10 ** (-1.5 / 20)
const BITRATE = '64k'

function interleave(l: Float32Array, r: Float32Array, gain: number): Buffer {
  const out = new Float32Array(l.length * 2)
  for (let i = 0; i < l.length; i++) {
    out[2 * i] = l[i] * gain
    out[2 * i + 1] = r[i] * gain
  }
  return Buffer.from(out.buffer)
}

/** A gentle limiter: above the knee, samples are bent towards the ceiling (tanh), never past it. */
function softLimit(ch: Float32Array, ceiling: number) {
  const knee = ceiling * 0.8
  for (let i = 0; i < ch.length; i++) {
    const a = Math.abs(ch[i])
    if (a > knee) ch[i] = Math.sign(ch[i]) * (knee + (ceiling - knee) * Math.tanh((a - knee) / (ceiling - knee)))
  }
}

async function encoder(): Promise<string[]> {
  const list = (await runFf('ffmpeg', ['-encoders'])).toString()
  return /libfdk_aac/.test(list) ? ['-c:a', 'libfdk_aac', '-b:a', BITRATE] : ['-c:a', 'aac', '-b:a', BITRATE]
}

async function main() {
  const args = process.argv.slice(2)
  const outIndex = args.indexOf('--out')
  const outDir = outIndex >= 0 ? path.resolve(args[outIndex + 1]) : path.resolve(import.meta.dirname, '../../public/music')
  const only = args.filter((a, i) => !a.startsWith('--') && i !== outIndex + 1)
  const tracks = only.length ? TRACKS.filter((t) => only.includes(t.id)) : TRACKS
  if (only.length && tracks.length !== only.length) throw new Error(`unknown track: ${only.filter((id) => !TRACKS.some((t) => t.id === id)).join(', ')}`)
  await mkdir(outDir, { recursive: true })
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'compose-'))
  const codec = await encoder()
  const rows: string[] = []
  try {
    for (const spec of tracks) {
      const started = performance.now()
      const { song, mix } = renderTrack(spec)
      const rendered = performance.now() - started
      // measure the raw mix, then set the gain for the target loudness
      const raw = path.join(tmp, `${spec.id}.f32`)
      const input = ['-f', 'f32le', '-ar', String(SR), '-ac', '2', '-i', raw]
      await writeFile(raw, interleave(mix.l, mix.r, 1))
      const before = await loudness(input)
      const gain = 10 ** ((TARGET_LUFS - before.integratedLufs) / 20)
      for (const ch of [mix.l, mix.r]) {
        for (let i = 0; i < ch.length; i++) ch[i] *= gain
        softLimit(ch, PEAK_CEILING)
      }
      await writeFile(raw, interleave(mix.l, mix.r, 1))
      const out = path.join(outDir, `${spec.id}.m4a`)
      await runFf('ffmpeg', ['-y', ...input, ...codec, '-f', 'mp4', '-movflags', '+faststart', '-map_metadata', '-1', '-metadata', `title=${spec.title}`, '-metadata', 'copyright=CC0 1.0 (public domain dedication)', out])

      // check what was written
      const info = await probe(out)
      const seconds = Number(info.format.duration)
      const pcm = await decode(out)
      const lv = levels(pcm)
      const after = await loudness(out)
      const bytes = (await stat(out)).size
      const problems: string[] = []
      if (Math.abs(seconds - song.seconds) > 0.1) problems.push(`lasts ${seconds.toFixed(2)} s, composed ${song.seconds.toFixed(2)} s`)
      if (lv.clipped > 0) problems.push(`${lv.clipped} clipped samples`)
      if (Math.abs(after.integratedLufs - TARGET_LUFS) > 1) problems.push(`loudness ${after.integratedLufs} LUFS`)
      if (after.truePeakDbtp > -0.5) problems.push(`true peak ${after.truePeakDbtp} dBTP`)
      for (const [band, db] of Object.entries(lv.bands)) if (db < -60) problems.push(`${band} band silent (${db.toFixed(1)} dB)`)
      rows.push(
        [
          spec.id.padEnd(16),
          spec.mood.padEnd(7),
          `${spec.bpm} bpm`.padEnd(8),
          `${seconds.toFixed(2)} s`.padStart(8),
          `${(bytes / 1024).toFixed(0)} KB`.padStart(7),
          `${after.integratedLufs.toFixed(1)} LUFS`.padStart(10),
          `TP ${after.truePeakDbtp.toFixed(1)}`.padStart(8),
          `peak ${lv.peakDb.toFixed(1)}`.padStart(10),
          `rms ${lv.rmsDb.toFixed(1)}`.padStart(9),
          `bands ${lv.bands.low.toFixed(0)}/${lv.bands.mid.toFixed(0)}/${lv.bands.high.toFixed(0)} dB`,
          `gain ${dB(gain).toFixed(1)} dB`,
          `${(rendered / 1000).toFixed(1)} s`,
          problems.length ? `PROBLEM: ${problems.join('; ')}` : 'ok',
        ].join('  '),
      )
      console.log(rows.at(-1))
      if (process.env.MUSIC_VERBOSE) console.log('   buses (dB):', Object.entries(song.busLevels).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '))
      if (problems.length) process.exitCode = 1
    }
  } finally {
    await rm(tmp, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
