import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AVATARS, MEDIA } from '../../../lib/constants.ts'
import { assembleCast, type Cast } from './cast.ts'

// Issue 24, item 7: a copy or move into another bucket is judged by that bucket's own rules
// (allowed_mime_types, file_size_limit), as an upload into it would be. Here a member copies and
// moves files of their team's private `media` bucket (videos allowed, 15 MB) into the public
// `avatars` bucket (JPEG/PNG/WebP, 2 MB), with the official storage-js client.
describe('storage copy and move apply the destination bucket rules', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const media = () => cast.member.client.storage.from(MEDIA.bucket)
  const inMedia = (file: string) => `${cast.teamId}/library/${file}`
  const inAvatars = (file: string) => `${cast.member.id}/${file}`
  const put = async (file: string, body: Blob) => {
    const { error } = await media().upload(inMedia(file), body, { upsert: true })
    expect(error).toBeNull()
  }
  const mp4 = () => new Blob([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32])], { type: 'video/mp4' })
  const avatarRows = async () => {
    const r = await cast.standIn.db.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'avatars' and name like $1 order by name`,
      [`${cast.member.id}/%`],
    )
    return r.rows.map((row) => row.name)
  }
  const publicStatus = async (name: string) => {
    const url = cast.member.client.storage.from(AVATARS.bucket).getPublicUrl(name).data.publicUrl
    return (await fetch(url)).status
  }

  it('refuses to copy a video into the images-only bucket (415 InvalidMimeType), and nothing is served', async () => {
    await put('tour.mp4', mp4())
    for (const dest of ['tour.mp4', 'tour.png', 'sub/tour.jpg']) {
      const { data, error } = await media().copy(inMedia('tour.mp4'), inAvatars(dest), { destinationBucket: AVATARS.bucket })
      expect(data).toBeNull()
      expect(error).toMatchObject({ statusCode: '415', message: 'mime type video/mp4 is not supported' })
      expect((error as unknown as { status?: number }).status).toBe(400)
      expect(await publicStatus(inAvatars(dest))).not.toBe(200)
    }
    expect(await avatarRows()).toEqual([])
  })

  it('refuses to move a video into the images-only bucket, and the source stays where it was', async () => {
    const { data, error } = await media().move(inMedia('tour.mp4'), inAvatars('moved.mp4'), { destinationBucket: AVATARS.bucket })
    expect(data).toBeNull()
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type video/mp4 is not supported' })
    expect(await avatarRows()).toEqual([])
    const still = await media().download(inMedia('tour.mp4'))
    expect(still.error).toBeNull()
    expect(still.data?.size).toBe(12)
  })

  it('refuses types the bucket does not list even when they look close (image/gif, image/svg+xml, text/html)', async () => {
    // the private `renders` bucket takes any type; the team's members may read (so copy) its files
    const renders = cast.member.client.storage.from('renders')
    for (const [file, type] of [['a.gif', 'image/gif'], ['a.svg', 'image/svg+xml'], ['a.html', 'text/html'], ['a.mp4', 'video/mp4']] as const) {
      const name = `${cast.teamId}/renders/${file}`
      const up = await cast.service.storage.from('renders').upload(name, new Blob(['<x/>'], { type }), { upsert: true })
      expect(up.error).toBeNull()
      const copy = await renders.copy(name, inAvatars(file), { destinationBucket: AVATARS.bucket })
      expect(copy.error).toMatchObject({ statusCode: '415', message: `mime type ${type} is not supported` })
    }
    expect(await avatarRows()).toEqual([])
  })

  it('refuses a copy or move larger than the destination limit (413 EntityTooLarge), one byte over and not at the limit', async () => {
    await put('big.png', new Blob([new Uint8Array(AVATARS.maxBytes + 1)], { type: 'image/png' }))
    const copy = await media().copy(inMedia('big.png'), inAvatars('big.png'), { destinationBucket: AVATARS.bucket })
    expect(copy.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' })
    const move = await media().move(inMedia('big.png'), inAvatars('big.png'), { destinationBucket: AVATARS.bucket })
    expect(move.error).toMatchObject({ statusCode: '413' })
    expect(await avatarRows()).toEqual([])

    await put('exact.png', new Blob([new Uint8Array(AVATARS.maxBytes)], { type: 'image/png' }))
    const exact = await media().copy(inMedia('exact.png'), inAvatars('exact.png'), { destinationBucket: AVATARS.bucket })
    expect(exact.error).toBeNull()
    expect(await avatarRows()).toEqual([inAvatars('exact.png')])
  })

  it('still copies and moves what the destination accepts, and serves it with its type', async () => {
    await put('face.png', new Blob(['png bytes'], { type: 'image/png' }))
    const copy = await media().copy(inMedia('face.png'), inAvatars('face.png'), { destinationBucket: AVATARS.bucket })
    expect(copy.error).toBeNull()
    expect(copy.data).toEqual({ path: `${AVATARS.bucket}/${inAvatars('face.png')}` })
    const served = await fetch(cast.member.client.storage.from(AVATARS.bucket).getPublicUrl(inAvatars('face.png')).data.publicUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(await served.text()).toBe('png bytes')

    await put('photo.jpg', new Blob(['jpeg bytes'], { type: 'image/jpeg' }))
    const move = await media().move(inMedia('photo.jpg'), inAvatars('photo.jpg'), { destinationBucket: AVATARS.bucket })
    expect(move.error).toBeNull()
    expect(await publicStatus(inAvatars('photo.jpg'))).toBe(200)
    expect((await media().download(inMedia('photo.jpg'))).error).not.toBeNull()

    // within one bucket the bucket's own rules hold as before: a video copies inside media
    const inside = await media().copy(inMedia('tour.mp4'), inMedia('tour-copy.mp4'))
    expect(inside.error).toBeNull()
  })

  it('applies the rules to the service key too, as uploads do', async () => {
    const { error } = await cast.service.storage.from(MEDIA.bucket)
      .copy(inMedia('tour.mp4'), inAvatars('service.mp4'), { destinationBucket: AVATARS.bucket })
    expect(error).toMatchObject({ statusCode: '415' })
    expect(await avatarRows()).not.toContain(inAvatars('service.mp4'))
  })
})
