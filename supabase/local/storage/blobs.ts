import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where object bytes live. Each upload is stored under its own version (as supabase/storage does
 * with `bucket/name/version`), so replacing an object never exposes a half-written file and the
 * old bytes can be dropped once the database row points at the new version.
 */
export interface BlobStore {
  put(bucket: string, name: string, version: string, bytes: Buffer): Promise<void>
  get(bucket: string, name: string, version: string): Promise<Buffer | null>
  delete(bucket: string, name: string, version: string): Promise<void>
  /** drops every blob of a bucket (after the bucket row is gone) */
  deleteBucket(bucket: string): Promise<void>
}

const key = (bucket: string, name: string, version: string) => `${bucket}\0${name}\0${version}`

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>()

  async put(bucket: string, name: string, version: string, bytes: Buffer) {
    this.blobs.set(key(bucket, name, version), Buffer.from(bytes))
  }
  async get(bucket: string, name: string, version: string) {
    return this.blobs.get(key(bucket, name, version)) ?? null
  }
  async delete(bucket: string, name: string, version: string) {
    this.blobs.delete(key(bucket, name, version))
  }
  async deleteBucket(bucket: string) {
    for (const k of this.blobs.keys()) if (k.startsWith(`${bucket}\0`)) this.blobs.delete(k)
  }
}

/**
 * One path segment made safe for the file system: percent-encoded, and `.`/`..`/empty segments
 * (legal in object names) turned into names that cannot climb out of the bucket folder.
 */
export function safeSegment(segment: string): string {
  if (segment === '') return '%'
  const encoded = encodeURIComponent(segment)
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded
}

export class DiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(bucket: string, name: string, version: string): string {
    return path.join(this.root, safeSegment(bucket), ...name.split('/').map(safeSegment), `${safeSegment(version)}.bin`)
  }

  async put(bucket: string, name: string, version: string, bytes: Buffer) {
    const file = this.file(bucket, name, version)
    await mkdir(path.dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, bytes)
    await rename(tmp, file)
  }
  async get(bucket: string, name: string, version: string) {
    try {
      return await readFile(this.file(bucket, name, version))
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null
      throw err
    }
  }
  async delete(bucket: string, name: string, version: string) {
    await rm(this.file(bucket, name, version), { force: true })
  }
  async deleteBucket(bucket: string) {
    await rm(path.join(this.root, safeSegment(bucket)), { recursive: true, force: true })
  }
}

export function createBlobStore(dataDir: string | null): BlobStore {
  return dataDir ? new DiskBlobStore(path.join(dataDir, 'storage')) : new MemoryBlobStore()
}
