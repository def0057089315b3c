// The stand-in's PGlite on its own thread (see db-thread.ts for the other side and the protocol).
// Plain JavaScript on purpose: a worker_threads Worker on Node 20 cannot load TypeScript without
// a loader, and this file only forwards calls to PGlite.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

/** @type {PGlite} */
let db
/** open transactions by the main thread's id: { tx, chain, finish, done } */
const txs = new Map()
/** channel → PGlite's unlisten function */
const listening = new Map()
let sqlSocket = null

async function open() {
  const extensions = {}
  for (const name of workerData.extensions) {
    const mod = await import(`@electric-sql/pglite/contrib/${name}`)
    extensions[name] = mod[name] ?? Object.values(mod)[0]
  }
  db = await PGlite.create({
    dataDir: workerData.dataDir ?? undefined,
    loadDataDir: workerData.snapshot ? new Blob([workerData.snapshot]) : undefined,
    extensions,
  })
}

/** Everything Postgres says about an error, as plain values the other thread can rebuild. */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error' }
  const out = { message: err.message, name: err.name, stack: err.stack }
  for (const [k, v] of Object.entries(err)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v
  }
  return out
}

/**
 * Opens a transaction and runs `setup` (the request's set_config statement) in it. Operations of
 * one transaction run one after the other in arrival order (`chain`), even when sent before the
 * previous answer came back.
 */
function begin(id, setup) {
  const state = { tx: null, started: false, chain: null, finish: () => {}, done: null }
  state.ready = new Promise((resolve, reject) => {
    state.done = db.transaction(async (tx) => {
      state.tx = tx
      if (setup) await tx.exec(setup)
      state.started = true
      resolve()
      await new Promise((r) => (state.finish = r))
    })
    state.done.catch((err) => {
      if (!state.started) reject(err)
    })
  })
  state.chain = state.ready.catch(() => {})
  txs.set(id, state)
  return state
}

/** `textTypes` (ThreadDb's form of keepText): values of those types stay the text Postgres sent. */
function localOptions(options) {
  if (!options?.textTypes) return options
  const { textTypes, ...rest } = options
  return { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, (x) => x])) }
}

async function run(m, target) {
  if (m.op === 'query') return target.query(m.sql, m.params, localOptions(m.options))
  if (m.op === 'exec') return target.exec(m.sql, localOptions(m.options))
  throw new Error(`unknown operation ${m.op}`)
}

async function inTransaction(m) {
  let state = txs.get(m.tx)
  if (m.op === 'end') {
    if (!state) return null // never started
    txs.delete(m.tx)
    await state.chain
    if (!state.started) {
      await state.done.catch(() => {}) // the start failed: Postgres already rolled back
      return null
    }
    if (!m.commit && !state.tx.closed) await state.tx.rollback()
    state.finish()
    await state.done
    return null
  }
  if (m.begin) state = begin(m.tx, m.setup)
  if (!state) throw new Error('Transaction is closed')
  const result = state.chain.then(async () => {
    await state.ready
    return run(m, state.tx)
  })
  state.chain = result.catch(() => {})
  return result
}

async function handle(m) {
  switch (m.op) {
    case 'query':
    case 'exec':
    case 'end':
      return m.tx ? inTransaction(m) : run(m, db)
    case 'once': // a whole transaction with nothing in it but the setup (a scope no query used)
      return db.transaction(async (tx) => void (await tx.exec(m.setup)))
    case 'listen':
      if (!listening.has(m.channel)) {
        listening.set(m.channel, await db.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload })))
      }
      return null
    case 'unlisten': {
      const off = listening.get(m.channel)
      listening.delete(m.channel)
      await off?.()
      return null
    }
    case 'dump': {
      const file = await db.dumpDataDir(m.compression)
      return { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, name: file.name ?? null }
    }
    case 'sql-socket': {
      const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
      sqlSocket = new PGLiteSocketServer({ db, host: m.host, port: m.port, maxConnections: 4 })
      await sqlSocket.start()
      const address = sqlSocket.server?.address()
      return address && typeof address === 'object' ? address.port : m.port
    }
    case 'sql-socket-stop':
      await sqlSocket?.stop()
      sqlSocket = null
      return null
    case 'close':
      await sqlSocket?.stop()
      await db.close()
      return null
    default:
      throw new Error(`unknown operation ${m.op}`)
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (result) => {
      const transfer = result?.bytes ? [result.bytes.buffer] : []
      try {
        parentPort.postMessage({ id: m.id, result }, transfer)
      } catch (err) {
        parentPort.postMessage({ id: m.id, error: errorData(err) })
      }
    },
    (err) => parentPort.postMessage({ id: m.id, error: errorData(err) }),
  )
})

open().then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorData(err) }),
)
