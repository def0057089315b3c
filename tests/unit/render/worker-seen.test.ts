import { describe, expect, it } from 'vitest'
import { WORKER_SILENT_AFTER_S, workerNotice } from '@/lib/render/worker-seen'

describe('the "no render worker" notice', () => {
  const queued = { status: 'queued', renderer: 'local' }
  it('says nothing until the database answered, or while a worker was seen lately', () => {
    expect(workerNotice(queued, undefined)).toBeNull()
    expect(workerNotice(queued, 0)).toBeNull()
    expect(workerNotice(queued, WORKER_SILENT_AFTER_S)).toBeNull()
  })
  it('says how long no worker has been seen, in words', () => {
    expect(workerNotice(queued, 31)).toBe('No render worker has been seen for 31 seconds, so renders wait in the queue. Your video starts as soon as one is back; you can leave this page.')
    expect(workerNotice(queued, 60)).toMatch(/^No render worker has been seen for 1 minute,/)
    expect(workerNotice(queued, 7200)).toMatch(/for 2 hours,/)
    expect(workerNotice(queued, null)).toMatch(/^No render worker is running,/)
  })
  it('only for a run that waits for a worker', () => {
    expect(workerNotice({ status: 'rendering', renderer: 'local' }, 600)).toBeNull()
    expect(workerNotice({ status: 'uploading', renderer: 'local' }, 600)).toBeNull()
    expect(workerNotice({ status: 'queued', renderer: 'lambda' }, 600)).toBeNull()
    expect(workerNotice({ status: 'rendering', renderer: 'lambda' }, 600)).toBeNull()
  })
  it('a Lambda render that succeeded waits for a worker to copy and finish it, and says so', () => {
    const copying = { status: 'uploading', renderer: 'lambda' }
    expect(workerNotice(copying, 5)).toBeNull()
    expect(workerNotice(copying, null)).toBe('No render worker is running, so your rendered video waits to be copied and finished. It is ready as soon as one is back; you can leave this page.')
    expect(workerNotice(copying, 90)).toMatch(/^No render worker has been seen for 1 minute, so your rendered video waits/)
  })
})
