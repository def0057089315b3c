import { describe, expect, it } from 'vitest'
import { jwtError, pgStatus, RestError, toRestError } from '../../../supabase/local/rest/errors.ts'

describe("PostgREST's Postgres error → HTTP mapping", () => {
  it.each([
    ['42501', 'permission denied for table x', true, 403],
    ['42501', 'permission denied for table x', false, 401],
    ['23505', '', true, 409],
    ['23503', '', true, 409],
    ['22P02', '', true, 400],
    ['23502', '', true, 400],
    ['23514', '', true, 400],
    ['P0001', '', true, 400],
    ['42P01', '', true, 404],
    ['42883', '', true, 404],
    ['42P17', '', true, 500],
    ['25006', '', true, 405],
    ['25P02', '', true, 500],
    ['PT402', '', true, 402],
    ['08006', '', true, 503],
    ['53300', '', true, 503],
    ['53400', '', true, 500],
    ['40001', '', true, 500],
    ['P0002', '', true, 500],
    ['28000', '', true, 403],
    ['21000', 'UPDATE requires a WHERE clause', true, 400],
    ['21000', 'more than one row returned by a subquery', true, 500],
    ['22023', 'role "x" does not exist', true, 401],
    ['22023', 'invalid parameter', true, 400],
    ['42703', '', true, 400],
  ])('maps %s (%s, authed %s) to %i', (code, message, authed, status) => {
    expect(pgStatus(code, message, authed)).toBe(status)
  })

  it('shapes a Postgres error as {code, details, hint, message} and asks anon to authenticate', () => {
    const err = toRestError({ code: '42501', message: 'new row violates row-level security policy for table "notes"', detail: undefined }, 'anon')
    expect(err.toResponse()).toEqual({
      status: 401,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Proxy-Status': 'PostgREST; error=42501', 'WWW-Authenticate': 'Bearer' },
      body: { code: '42501', details: null, hint: null, message: 'new row violates row-level security policy for table "notes"' },
    })
  })

  it('reads a custom PGRST error from its JSON message and detail, and ignores a malformed one', () => {
    const custom = toRestError({ code: 'PGRST', message: '{"code":"X1","message":"m"}', detail: '{"status":402,"headers":{"A":"b"}}' }, 'authenticated')
    expect(custom).toMatchObject({ status: 402, code: 'X1', message: 'm', headers: { A: 'b' } })
    const broken = toRestError({ code: 'PGRST', message: 'not json' }, 'authenticated')
    expect(broken.status).toBe(400)
  })

  it('tells a malformed or forged token (PGRST301) from an expired one (PGRST303)', () => {
    expect(jwtError('malformed', 'Expected 3 parts in JWT; got 1').code).toBe('PGRST301')
    expect(jwtError('signature', 'JWT cryptographic operation failed').code).toBe('PGRST301')
    const expired = jwtError('expired', 'JWT expired')
    expect(expired).toBeInstanceOf(RestError)
    expect(expired.code).toBe('PGRST303')
    expect(expired.headers['WWW-Authenticate']).toBe('Bearer error="invalid_token", error_description="JWT expired"')
  })
})
