import type { Format } from './media.ts'
import type { Params } from './sql.ts'
import { ident } from './sql.ts'

/**
 * The `body` column of a response in each output format, over the page of rows `_r`
 * (PostgREST's handlerF in SqlFragment.hs: asJsonF, asJsonSingleF, asCsvF, asGeoJsonF).
 */

export interface BodyOptions {
  format: Format
  stripNulls: boolean
  /** output column names of `_r`, in order */
  names: string[]
  /** their types where known (`format_type` text), for GeoJSON */
  types: (string | null)[]
  /** SETOF scalar functions: the one column whose values make the array */
  bodyColumn?: string
}

/** Marks a GeoJSON body whose rows have no geometry column (PostGIS raises 22023 then). */
export const GEOMETRY_MISSING = '@@pgrst: geometry column is missing@@'

export function bodySql(o: BodyOptions, params: Params): string {
  const agg = o.bodyColumn ? `_r.${o.bodyColumn}` : '_r'
  const rows = o.stripNulls ? `json_strip_nulls(json_agg(${agg}))` : `json_agg(${agg})`
  switch (o.format) {
    case 'object':
      return `(${rows}->0)::text`
    case 'csv':
      return csvBody(o, params)
    case 'geojson':
      return geoJsonBody(o, params)
    default:
      return `coalesce(${rows}, '[]')::text`
  }
}

/**
 * PostgREST's CSV: the first row's keys joined by `,` (none when there are no rows), a newline,
 * then each row in Postgres' record text form without its parentheses (record_out's quoting).
 */
function csvBody(o: BodyOptions, params: Params): string {
  const header = params.add(o.bodyColumn ? 'pgrst_scalar' : o.names.join(','))
  const line = `substring(_r::text, 2, length(_r::text) - 2)`
  return `(case when count(*) = 0 then '' else ${header}::text end) || E'\\n' || coalesce(string_agg(${line}, E'\\n'), '')`
}

const GEOMETRIC = new Set(['point', 'lseg', 'path', 'box', 'polygon'])

/** `public.geometry` → `geometry`; `jsonb[]` stays an array type (not geometry-like). */
function baseName(type: string): string {
  return type.replace(/^.*\./, '').replace(/"/g, '')
}

/**
 * Which output column is the geometry: PostGIS picks the first `geometry`/`geography` column.
 * Without PostGIS (PGlite has none) the stand-in takes, in this order, the first column whose
 * type is named `geometry` or `geography` (e.g. a domain over jsonb), the first of Postgres'
 * own geometric types (point, lseg, path, box, polygon), then the first json/jsonb column.
 */
export function geometryColumn(names: string[], types: (string | null)[]): { index: number; type: string } | null {
  const pick = (test: (t: string) => boolean) => {
    const index = types.findIndex((t) => t !== null && test(baseName(t)))
    return index < 0 ? null : { index, type: baseName(types[index]!) }
  }
  return pick((t) => t === 'geometry' || t === 'geography') ?? pick((t) => GEOMETRIC.has(t)) ?? pick((t) => t === 'json' || t === 'jsonb')
}

/** A GeoJSON geometry (jsonb) from a value of one of Postgres' geometric types. */
function nativeGeometry(col: string, type: string): string {
  const xy = (p: string) => `jsonb_build_array((${p})[0], (${p})[1])`
  const coords = `(select jsonb_agg(jsonb_build_array(m[1]::float8, m[2]::float8) order by n) from regexp_matches(${col}::text, '\\(([^(),]+),([^(),]+)\\)', 'g') with ordinality as _p(m, n))`
  const ring = `(${coords} || jsonb_build_array(${coords}->0))`
  const polygon = (r: string) => `jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(${r}))`
  switch (type) {
    case 'point':
      return `jsonb_build_object('type', 'Point', 'coordinates', ${xy(col)})`
    case 'lseg':
      return `jsonb_build_object('type', 'LineString', 'coordinates', ${coords})`
    case 'path':
      return `case when isclosed(${col}) then ${polygon(ring)} else jsonb_build_object('type', 'LineString', 'coordinates', ${coords}) end`
    case 'polygon':
      return polygon(ring)
    default: {
      // box: high corner first in its text form; a closed ring counter-clockwise from the low corner
      const [hi, lo] = [`(${col})[0]`, `(${col})[1]`]
      const pt = (x: string, y: string) => `jsonb_build_array(${x}, ${y})`
      return polygon(`jsonb_build_array(${pt(`(${lo})[0]`, `(${lo})[1]`)}, ${pt(`(${hi})[0]`, `(${lo})[1]`)}, ${pt(`(${hi})[0]`, `(${hi})[1]`)}, ${pt(`(${lo})[0]`, `(${hi})[1]`)}, ${pt(`(${lo})[0]`, `(${lo})[1]`)})`)
    }
  }
}

/**
 * `{"type": "FeatureCollection", "features": [...]}` with one Feature per row, as PostgREST
 * builds it from PostGIS' ST_AsGeoJSON(record): the geometry column as `geometry` (a null one as
 * `{"type": null}`), every other column under `properties`, in column order.
 */
function geoJsonBody(o: BodyOptions, params: Params): string {
  const empty = `'{"type" : "FeatureCollection", "features" : []}'`
  const geom = geometryColumn(o.names, o.types)
  if (!geom) return `case when count(*) = 0 then ${empty} else ${params.add(GEOMETRY_MISSING)}::text end`
  const name = o.names[geom.index]
  const col = `_r.${ident(name)}`
  const value = GEOMETRIC.has(geom.type) ? `case when ${col} is null then null else ${nativeGeometry(col, geom.type)} end` : `(${col})::jsonb`
  const geometry = `coalesce((${value})::json, '{"type": null}'::json)`
  const properties = `coalesce((select json_object_agg(_k, _v) from json_each(row_to_json(_r)) as _e(_k, _v) where _k <> ${params.add(name)}), '{}'::json)`
  const feature = `json_build_object('type', 'Feature', 'geometry', ${geometry}, 'properties', ${properties})`
  return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${feature}), '[]'))::text`
}
