import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { errors } from './errors.ts'
import { requireAdmin } from './request.ts'
import { serializeUser, type IdentityRow, type UserRow } from './users.ts'

// GoTrue's defaultPerPage (internal/api/pagination.go)
const DEFAULT_PER_PAGE = 50

/** Go's strconv.ParseUint: digits only; an empty or missing value means "not given". */
function uintParam(req: LocalRequest, name: string): number | undefined {
  const raw = req.url.searchParams.get(name)
  if (raw === null || raw === '') return undefined
  if (!/^\d+$/.test(raw)) throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`)
  return Number(raw)
}

/** GoTrue's sort(): `created_at`, optionally followed by `asc` or `desc` (the default); nothing else. */
function sortDirection(req: LocalRequest): 'asc' | 'desc' {
  let dir: 'asc' | 'desc' = 'desc'
  for (const value of req.url.searchParams.getAll('sort')) {
    const [field, direction] = value.split(/ (.*)/s)
    if (field !== 'created_at') throw errors.validation(`Bad Sort Parameters: bad field for sort '${field}'`)
    if (direction === undefined) dir = 'desc'
    else if (/^asc$/i.test(direction)) dir = 'asc'
    else if (/^desc$/i.test(direction)) dir = 'desc'
    else throw errors.validation(`Bad Sort Parameters: bad direction for sort '${direction}', only 'asc' and 'desc' allowed`)
  }
  return dir
}

/** Go's url.QueryEscape: only A–Z a–z 0–9 - _ . ~ stay as they are, a space becomes `+`. */
function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/**
 * GoTrue's addPaginationHeaders: the request's own URL with `page` replaced, its query re-encoded by
 * url.Values.Encode (keys sorted), so `per_page` (and `filter`, `sort`) appear only when they were
 * sent. auth-js reads the page number from the text after the first `=` of each entry.
 */
function paginationLink(req: LocalRequest, page: number, lastPage: number): string {
  const urlFor = (p: number) => {
    const query = new Map<string, string[]>()
    for (const [k, v] of req.url.searchParams) query.set(k, [...(query.get(k) ?? []), v])
    query.set('page', [String(p)])
    const encoded = [...query.keys()]
      .sort()
      .flatMap((k) => query.get(k)!.map((v) => `${goQueryEscape(k)}=${goQueryEscape(v)}`))
      .join('&')
    return `<${req.path}?${encoded}>`
  }
  return `${lastPage > page ? `${urlFor(page + 1)}; rel="next", ` : ''}${urlFor(lastPage)}; rel="last"`
}

/**
 * GET /admin/users?page=&per_page=&filter=&sort= (GoTrue's adminUsers, offset mode): newest first,
 * `filter` a substring of the email (as typed) or, ignoring case, of user_metadata.full_name;
 * X-Total-Count and Link headers as GoTrue sends them.
 */
export async function listUsers(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  await requireAdmin(ctx.config, req)
  const page = uintParam(req, 'page') ?? 1
  const perPage = uintParam(req, 'per_page') ?? DEFAULT_PER_PAGE
  // GoTrue divides by per_page to count the pages (a panic there); refuse it cleanly instead
  if (perPage === 0) throw errors.validation('Bad Pagination Parameters: per_page must be at least 1')
  const dir = sortDirection(req)
  const filter = req.url.searchParams.get('filter') ?? ''
  return owner(ctx, async (tx) => {
    const where = filter ? `where (email like $1 or raw_user_meta_data->>'full_name' ilike $1)` : ''
    const params: unknown[] = filter ? [`%${filter}%`] : []
    const count = await tx.query<{ n: number }>(`select count(*)::int as n from auth.users ${where}`, params)
    const total = count.rows[0].n
    // pop's Paginate treats page 0 as the first page
    const offset = (Math.max(page, 1) - 1) * perPage
    const rows = await tx.query<UserRow>(
      `select * from auth.users ${where} order by created_at ${dir}, id ${dir} limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, offset],
    )
    const ids = rows.rows.map((u) => u.id)
    const identities = ids.length
      ? await tx.query<IdentityRow>('select * from auth.identities where user_id = any($1::uuid[]) order by created_at, id', [ids])
      : { rows: [] as IdentityRow[] }
    const users = rows.rows.map((u) => serializeUser(u, identities.rows.filter((i) => i.user_id === u.id)))
    const lastPage = Math.ceil(total / perPage)
    return ok(req, { users, aud: 'authenticated' }, 200, {
      'X-Total-Count': String(total),
      Link: paginationLink(req, page, lastPage),
    })
  })
}
