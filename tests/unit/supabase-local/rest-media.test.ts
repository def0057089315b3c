import { describe, expect, it } from 'vitest'
import { RestError } from '../../../supabase/local/rest/errors.ts'
import { decodeMediaType, negotiate, parseHttpAccept, toMime } from '../../../supabase/local/rest/media.ts'
import { parseSelect } from '../../../supabase/local/rest/grammar.ts'

describe('Accept parsing (wai parseHttpAccept)', () => {
  it('drops spaces and q, and orders by quality, then parameters, then fewer wildcards (stable)', () => {
    expect(parseHttpAccept('text/csv;q=0.5, application/json')).toEqual(['application/json', 'text/csv'])
    expect(parseHttpAccept('*/*, text/csv')).toEqual(['text/csv', '*/*'])
    expect(parseHttpAccept('application/json, text/csv')).toEqual(['application/json', 'text/csv'])
    expect(parseHttpAccept('application/vnd.pgrst.plan+text; for="application/json"; options=analyze;')).toEqual([
      'application/vnd.pgrst.plan+text;for="application/json";options=analyze;',
    ])
  })
})

describe('media types (MediaType.hs)', () => {
  it('decodes and prints them as PostgREST does', () => {
    expect(toMime(decodeMediaType('Application/VND.pgrst.object+JSON;nulls=stripped'))).toBe('application/vnd.pgrst.object+json;nulls=stripped')
    expect(toMime(decodeMediaType('application/vnd.pgrst.array+json'))).toBe('application/json')
    expect(toMime(decodeMediaType('application/vnd.pgrst.plan;for="text/csv";options=wal|analyze|bogus'))).toBe(
      'application/vnd.pgrst.plan+text; for="text/csv"; options=analyze|wal',
    )
    // postgrest-js sends `options=;` without options: the bad parameter is dropped
    expect(decodeMediaType('application/vnd.pgrst.plan+json;for="application/json";options=;')).toMatchObject({ kind: 'plan', format: 'json', options: [] })
    expect(toMime(decodeMediaType('text/html'))).toBe('text/html')
  })

  it('negotiates the first producible type; plans only when enabled', () => {
    expect(negotiate(undefined, false)).toMatchObject({ format: 'json', plan: null })
    expect(negotiate('application/geo+json', false).format).toBe('geojson')
    const plan = 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze;'
    expect(negotiate(plan, true)).toMatchObject({ format: 'object', plan: { format: 'json', options: ['analyze'] } })
    expect(() => negotiate(plan, false)).toThrow(RestError)
    try {
      negotiate('text/html, application/xml', false)
    } catch (err) {
      expect(err).toMatchObject({ status: 406, code: 'PGRST107', message: 'None of these media types are available: text/html, application/xml' })
    }
  })
})

describe('aggregate select items (pFieldSelect)', () => {
  it('parses count(), aggregates with input and result casts, and aliases', () => {
    expect(parseSelect('count()')).toEqual([{ kind: 'field', field: { name: '*', json: [] }, aggregate: 'count', aggregateCast: undefined, alias: undefined }])
    expect(parseSelect('total:amount::int.sum()::text')).toEqual([
      { kind: 'field', field: { name: 'amount', json: [] }, cast: 'int', aggregate: 'sum', aggregateCast: 'text', alias: 'total' },
    ])
    expect(parseSelect('data->>n.max()')[0]).toMatchObject({ field: { name: 'data', json: [{ arrow: '->>', key: 'n' }] }, aggregate: 'max' })
    expect(parseSelect('orders(status,count())')[0]).toMatchObject({ kind: 'embed', children: [{ field: { name: 'status' } }, { aggregate: 'count' }] })
  })
})
