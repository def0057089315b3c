import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpKeepingTrial } from '../../../lib/auth/keep-trial.ts'
import { importTrialProject } from '../../../lib/trials/import.ts'
import { trialThumbPath } from '../../../lib/trials/paths.ts'
import { collectMediaRefs, refPath } from '../../../lib/videos/media-refs.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'
import { MIGRATIONS_DIR, must } from '../app/cast.ts'
import { authed, confirmedPerson, draftedTrial, followLink, linkIn, visitor, type Visitor } from './keep-helpers.ts'

// Issue 13, bringing a kept trial into a team: the files copied into the team's folder as the user,
// then import_trial_project (one transaction) makes the listing, its photos and the video and marks
// the trial kept. Refused for anyone but the owner, for anonymous callers, for a team the owner is
// not in, for an expired or already kept trial; a refusal after the copies leaves none behind.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

describe('importing a kept trial', () => {
  let standIn: StandIn
  let service: SupabaseClient
  let keeper: Visitor
  let teamId: string

  /** A trial visitor who signed up and followed the link: now permanent, same id. */
  const keep = async (v: Visitor) => {
    const email = uniqueEmail('keeper')
    const { user } = authed(await v.db.auth.getUser(), 'user')
    await signUpKeepingTrial(v.db, user, { email, password: 'keeper-pass-9', nextPath: '/dashboard' })
    const landed = await followLink(linkIn(standIn, email))
    authed(await v.db.auth.exchangeCodeForSession(landed.searchParams.get('code')!), 'exchange')
    return email
  }

  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null, auth: { autoconfirm: false, minPasswordLength: 8 } })
    service = clientFor(standIn, 'service_role')
    keeper = await visitor(standIn)
    await draftedTrial(keeper)
    await keep(keeper)
    teamId = must(await keeper.db.rpc('create_team', { p_name: 'Keeper Homes' }), 'team') as string
  })
  afterAll(async () => {
    await standIn?.stop()
  })

  it('makes the listing, copies the photos where the team reads them, and a video of the copies without the watermark', async () => {
    const { projectId, photos } = await draftedTrial(keeper)
    const mate = await confirmedPerson(standIn, service, 'mate')
    const { token } = must(await keeper.db.from('team_invitations').insert({ team_id: teamId, email: mate.email, role: 'member' }).select('token').single(), 'invite')
    must(await mate.db.rpc('accept_team_invitation', { p_token: token }), 'accept')

    const imported = await importTrialProject(keeper.db, keeper.id, { projectId, teamId })
    expect(imported.teamId).toBe(teamId)

    const listing = must(await mate.db.from('listings').select('*').eq('id', imported.listingId).single(), 'listing')
    expect(listing).toMatchObject({
      team_id: teamId, status: 'draft', title: '14 Harbour View Rd, Sydney', address_line: '14 Harbour View Rd', city: 'Sydney',
      country: 'AU', price: 1450000, currency: 'AUD', bedrooms: 4, bathrooms: 2.5, floor_area: 320, area_unit: 'sqm', offer: 'sale',
    })
    const assets = must(
      await mate.db.from('media_assets').select('path, thumb_path, name, mime, bytes, position, caption, kind').eq('listing_id', imported.listingId).order('position'),
      'assets',
    )
    expect(assets.map((a) => a.name)).toEqual(photos.map((p) => p.split('/').pop()))
    expect(assets.map((a) => a.caption)).toEqual([null, 'Sunny living room', null])
    for (const asset of assets) {
      expect(asset.path).toMatch(new RegExp(`^${teamId}/listings/${imported.listingId}/${UUID}/[\\w.-]+\\.jpg$`))
      expect(asset).toMatchObject({ kind: 'photo', mime: 'image/jpeg' })
      expect(asset.bytes).toBeGreaterThan(1000)
      // a teammate reads the copies and their thumbnails
      for (const path of [asset.path, asset.thumb_path!]) expect((await mate.db.storage.from('media').download(path)).error).toBeNull()
    }

    const video = must(await mate.db.from('videos').select('*').eq('id', imported.videoId).single(), 'video')
    expect(video).toMatchObject({ team_id: teamId, listing_id: imported.listingId, template: 'social-reel', format: 'square', status: 'draft' })
    const props = video.props as unknown as VideoProps
    expect(props.watermark).toBeUndefined()
    expect(props.scenes.map((s) => s.src)).toEqual(assets.map((a) => `media:${a.path}`))
    expect(collectMediaRefs(props).map(refPath).every((p) => p.startsWith(`${teamId}/`))).toBe(true)
    expect(validateVideoProps('social-reel', 'square', props, teamId).ok).toBe(true)

    // the trial is kept (claimed) and stays as it was, files included
    const trial = must(await keeper.db.from('trial_projects').select('claimed_video_id, photos').eq('id', projectId).single(), 'trial')
    expect(trial).toEqual({ claimed_video_id: imported.videoId, photos })
    expect((await keeper.db.storage.from('media').download(trialThumbPath(photos[0])!)).error).toBeNull()
    // once only
    await expect(importTrialProject(keeper.db, keeper.id, { projectId, teamId })).rejects.toThrow('This trial is already in one of your teams.')
    const direct = await keeper.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: teamId, p_listing_id: crypto.randomUUID(), p_photos: assets.map((a) => a.path) })
    expect(direct.error?.message).toBe('This trial is already in one of your teams.')
    // the purge leaves a kept trial alone, even past its expiry
    await standIn.db.query(`update public.trial_projects set expires_at = now() - interval '1 day' where id = $1`, [projectId])
    must(await service.rpc('purge_expired_trials'), 'purge')
    expect((await keeper.db.from('trial_projects').select('id').eq('id', projectId)).data).toHaveLength(1)
  })

  it('refuses another person, an anonymous visitor, a team the owner is not in, and an expired trial', async () => {
    const { projectId } = await draftedTrial(keeper)
    const other = await confirmedPerson(standIn, service, 'other')
    const otherTeam = must(await other.db.rpc('create_team', { p_name: 'Other Homes' }), 'other team') as string

    // someone else, into their own team: the trial is not theirs (they do not even see it)
    await expect(importTrialProject(other.db, other.id, { projectId, teamId: otherTeam })).rejects.toThrow('That trial project no longer exists.')
    const theirs = await other.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: otherTeam, p_listing_id: crypto.randomUUID(), p_photos: [] })
    expect(theirs.error?.message).toBe('That trial project no longer exists.')
    // the owner, into a team they are not in
    await expect(importTrialProject(keeper.db, keeper.id, { projectId, teamId: otherTeam })).rejects.toThrow('You can only bring a trial into a team you belong to.')
    const outside = await keeper.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: otherTeam, p_listing_id: crypto.randomUUID(), p_photos: [] })
    expect(outside.error?.message).toBe('You can only bring a trial into a team you belong to.')

    // an anonymous visitor, their own trial: no account, no team
    const anonymous = await visitor(standIn)
    const trial = await draftedTrial(anonymous)
    await expect(importTrialProject(anonymous.db, anonymous.id, { projectId: trial.projectId, teamId })).rejects.toThrow('You can only bring a trial into a team you belong to.')
    const asAnonymous = await anonymous.db.rpc('import_trial_project', { p_project_id: trial.projectId, p_team_id: teamId, p_listing_id: crypto.randomUUID(), p_photos: [] })
    expect(asAnonymous.error?.message).toBe('Create an account and confirm your email to keep your trial.')

    // expired
    await standIn.db.query(`update public.trial_projects set expires_at = now() - interval '1 minute' where id = $1`, [projectId])
    await expect(importTrialProject(keeper.db, keeper.id, { projectId, teamId })).rejects.toThrow(/has expired/)
    const expired = await keeper.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: teamId, p_listing_id: crypto.randomUUID(), p_photos: [] })
    expect(expired.error?.message).toMatch(/has expired/)

    expect(must(await service.from('trial_projects').select('claimed_video_id').in('id', [projectId, trial.projectId]), 'unclaimed').every((t) => !t.claimed_video_id)).toBe(true)
  })

  it('checks the copies itself, and a refusal after copying leaves no files behind', async () => {
    const { projectId, photos } = await draftedTrial(keeper)
    const listingId = crypto.randomUUID()
    const uncopied = photos.map((p) => `${teamId}/listings/${listingId}/${crypto.randomUUID()}/${p.split('/').pop()}`)
    const missing = await keeper.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: teamId, p_listing_id: listingId, p_photos: uncopied })
    expect(missing.error?.message).toBe("The trial's photos could not be copied into the team. Try again.")
    const elsewhere = photos.map((p) => `${teamId}/listings/${crypto.randomUUID()}/${crypto.randomUUID()}/${p.split('/').pop()}`)
    const wrongFolder = await keeper.db.rpc('import_trial_project', { p_project_id: projectId, p_team_id: teamId, p_listing_id: listingId, p_photos: elsewhere })
    expect(wrongFolder.error?.message).toBe("The trial's photos changed while they were copied. Try again.")

    // the property no longer makes a listing (written behind the app's back): refused after the copies
    const listFolder = async () => (must(await keeper.db.storage.from('media').list(`${teamId}/listings`), 'list')).map((f) => f.name).sort()
    const thumbs = async () => (must(await keeper.db.storage.from('media').list(`${teamId}/thumbs`), 'thumbs')).length
    const [foldersBefore, thumbsBefore] = [await listFolder(), await thumbs()]
    await standIn.db.query(`update public.trial_projects set property = property - 'city' where id = $1`, [projectId])
    await expect(importTrialProject(keeper.db, keeper.id, { projectId, teamId })).rejects.toThrow(/property details are incomplete/)
    expect(await listFolder()).toEqual(foldersBefore)
    expect(await thumbs()).toBe(thumbsBefore)
    expect(must(await service.from('trial_projects').select('claimed_video_id').eq('id', projectId).single(), 'trial').claimed_video_id).toBeNull()
  })
})
