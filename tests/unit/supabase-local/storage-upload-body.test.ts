import { describe, expect, it } from 'vitest'
import type { LocalRequest } from '../../../supabase/local/http.ts'
import { readUploadBody } from '../../../supabase/local/storage/upload-body.ts'

function request(body: Buffer, headers: Record<string, string>): LocalRequest {
  return { method: 'POST', url: new URL('http://local/x'), path: '/object/b/x', rawQuery: '', headers, body, ip: '127.0.0.1' }
}

/** Encodes a FormData exactly as fetch would send it, boundary included. */
async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const res = new Response(form)
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! }
}

describe('reading an upload body', () => {
  it('takes the file part named "" and the cacheControl and metadata fields from a storage-js form', async () => {
    const form = new FormData()
    form.append('cacheControl', '3600')
    form.append('metadata', JSON.stringify({ room: 'kitchen' }))
    form.append('', new Blob(['\x00\x01binary\r\n--not-a-boundary'], { type: 'image/png' }))
    const { body, contentType } = await encodeForm(form)
    const parsed = await readUploadBody(request(body, { 'content-type': contentType }))
    expect(parsed.bytes.toString('latin1')).toBe('\x00\x01binary\r\n--not-a-boundary')
    expect(parsed.contentType).toBe('image/png')
    expect(parsed.cacheControl).toBe('max-age=3600')
    expect(parsed.userMetadata).toEqual({ room: 'kitchen' })
  })

  it('reads a raw body with its headers and base64 x-metadata', async () => {
    const parsed = await readUploadBody(
      request(Buffer.from('plain'), {
        'content-type': 'text/plain;charset=UTF-8',
        'cache-control': 'max-age=60',
        'x-metadata': Buffer.from(JSON.stringify({ a: 1 })).toString('base64'),
      }),
    )
    expect(parsed).toEqual({
      bytes: Buffer.from('plain'),
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=60',
      userMetadata: { a: 1 },
    })
  })

  it('refuses metadata that is not a JSON object', async () => {
    const bad = request(Buffer.from('x'), { 'content-type': 'text/plain', 'x-metadata': Buffer.from('[1]').toString('base64') })
    await expect(readUploadBody(bad)).rejects.toMatchObject({ message: 'Invalid x-metadata' })
  })

  it('refuses a form without a file part', async () => {
    const form = new FormData()
    form.append('cacheControl', '3600')
    const { body, contentType } = await encodeForm(form)
    await expect(readUploadBody(request(body, { 'content-type': contentType }))).rejects.toMatchObject({
      message: 'No content provided',
    })
  })
})
