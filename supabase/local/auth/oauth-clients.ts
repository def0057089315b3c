import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { readJson, requireAdmin, type Body } from './request.ts'
import { adminOAuthServerDisabled } from './disabled.ts'

/*
 * The OAuth 2.1 server's admin client API when `[auth.oauth_server] enabled = true` (GoTrue
 * internal/api/oauthserver/handlers.go and service.go): register (201, the secret shown once for a
 * confidential client), list (newest first, not paginated), get, update (partial), delete (soft) and
 * regenerate the secret. Secrets are stored as GoTrue stores them: SHA-256, base64url. The
 * authorization and token endpoints themselves are not served.
 */

interface ClientRow {
  id: string
  client_secret_hash: string | null
  registration_type: string
  redirect_uris: string
  grant_types: string
  client_name: string | null
  client_uri: string | null
  logo_uri: string | null
  created_at: Date
  updated_at: Date
  client_type: 'public' | 'confidential'
  token_endpoint_auth_method: string
}

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post']
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const fail = (message: string) => errors.validation(message)

function clientJson(c: ClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    client_id: c.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: c.client_type,
    redirect_uris: c.redirect_uris ? c.redirect_uris.split(',') : undefined,
    token_endpoint_auth_method: c.token_endpoint_auth_method,
    grant_types: c.grant_types ? c.grant_types.split(',') : undefined,
    response_types: ['code'],
    client_name: c.client_name || undefined,
    client_uri: c.client_uri || undefined,
    logo_uri: c.logo_uri || undefined,
    registration_type: c.registration_type,
    created_at: new Date(c.created_at).toISOString(),
    updated_at: new Date(c.updated_at).toISOString(),
  }
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key]
  return out
}

/** validateRedirectURI */
function redirectProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty'
  let u: URL
  try {
    u = new URL(uri)
  } catch {
    return 'must have scheme and host'
  }
  const scheme = u.protocol.slice(0, -1)
  if (!u.host) return 'must have scheme and host'
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme.toLowerCase())) return `scheme '${scheme}' is not allowed for security reasons`
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)) return 'HTTP scheme only allowed for localhost'
  if (u.hash) return 'fragment not allowed in redirect URI'
  return null
}

function strings(v: unknown, name: string): string[] {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new AuthError(400, 'bad_json', 'Invalid JSON body', { detail: name })
  return v as string[]
}

function checkRedirects(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw fail('redirect_uris is required')
  if (uris.length === 0) throw fail('redirect_uris cannot be empty')
  if (uris.length > 10) throw fail('redirect_uris cannot exceed 10 items')
  for (const uri of uris) {
    const problem = redirectProblem(uri)
    if (problem) throw fail(`invalid redirect_uri '${uri}': ${problem}`)
  }
}

function checkGrants(grants: string[]): void {
  if (grants.length === 0) throw fail('grant_types cannot be empty')
  if (grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) throw fail("grant_types must only contain 'authorization_code' and/or 'refresh_token'")
}

function checkUrl(value: string, name: string): void {
  if (!value) return
  if (value.length > 2048) throw fail(`${name} cannot exceed 2048 characters`)
  if (!URL.canParse(value) && !value.startsWith('/')) throw fail(`${name} must be a valid URL`)
}

function text(body: Body, key: string): string | undefined {
  const v = body[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw new AuthError(400, 'bad_json', 'Invalid JSON body')
  return v
}

function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') }
}

/** POST /admin/oauth/clients */
async function register(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const redirects = body.redirect_uris === undefined || body.redirect_uris === null ? [] : strings(body.redirect_uris, 'redirect_uris')
  checkRedirects(redirects, true)
  const grants = body.grant_types === undefined || body.grant_types === null ? [] : strings(body.grant_types, 'grant_types')
  if (grants.length) checkGrants(grants)
  const name = text(body, 'client_name') ?? ''
  if (name.length > 1024) throw fail('client_name cannot exceed 1024 characters')
  const clientUri = text(body, 'client_uri') ?? ''
  const logoUri = text(body, 'logo_uri') ?? ''
  checkUrl(clientUri, 'client_uri')
  checkUrl(logoUri, 'logo_uri')
  const type = text(body, 'client_type') ?? ''
  if (type && type !== 'public' && type !== 'confidential') throw fail("client_type must be 'public' or 'confidential'")
  const method = text(body, 'token_endpoint_auth_method') ?? ''
  if (method && !AUTH_METHODS.includes(method)) throw fail(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`)
  // ValidateClientTypeConsistency, DetermineClientType
  if (type === 'public' && method && method !== 'none') throw fail(`token_endpoint_auth_method '${method}' is not valid for public clients (must be 'none')`)
  if (type === 'confidential' && method === 'none') throw fail("token_endpoint_auth_method 'none' is only valid for public clients")
  const clientType = type || (method === 'none' ? 'public' : 'confidential')
  const authMethod = method || (clientType === 'public' ? 'none' : 'client_secret_basic')
  const secret = clientType === 'confidential' ? newSecret() : null
  return owner(ctx, async (tx) => {
    const r = await tx.query<ClientRow>(
      `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri, client_type, token_endpoint_auth_method)
       values ($1, $2, 'manual', $3, $4, $5, $6, $7, $8, $9) returning *`,
      [randomUUID(), secret?.hash ?? null, redirects.join(','), (grants.length ? grants : ['authorization_code', 'refresh_token']).join(','), name || null, clientUri || null, logoUri || null, clientType, authMethod],
    )
    return ok(req, clientJson(r.rows[0], secret?.secret), 201)
  })
}

/** LoadOAuthServerClient */
async function load(tx: Tx, req: LocalRequest): Promise<ClientRow> {
  const id = decodeURIComponent(req.path.split('/')[4] ?? '')
  if (!id) throw fail('client_id is required')
  if (!UUID.test(id)) throw fail('invalid client_id format')
  const r = await tx.query<ClientRow>('select * from auth.oauth_clients where id = $1 and deleted_at is null', [id])
  if (!r.rows[0]) throw new AuthError(404, 'oauth_client_not_found', 'OAuth client not found')
  return r.rows[0]
}

async function update(ctx: AuthContext, req: LocalRequest, tx: Tx): Promise<LocalResponse> {
  const client = await load(tx, req)
  const body = readJson(req)
  const keys = ['redirect_uris', 'grant_types', 'client_name', 'client_uri', 'logo_uri', 'token_endpoint_auth_method']
  if (!keys.some((k) => body[k] !== undefined && body[k] !== null)) throw fail('No fields provided for update')
  const set: Record<string, string> = {}
  if (body.redirect_uris != null) {
    const uris = strings(body.redirect_uris, 'redirect_uris')
    checkRedirects(uris, false)
    set.redirect_uris = uris.join(',')
  }
  if (body.grant_types != null) {
    const grants = strings(body.grant_types, 'grant_types')
    checkGrants(grants)
    set.grant_types = grants.join(',')
  }
  const name = text(body, 'client_name')
  if (name !== undefined) {
    if (name.length > 1024) throw fail('client_name cannot exceed 1024 characters')
    set.client_name = name
  }
  for (const key of ['client_uri', 'logo_uri'] as const) {
    const value = text(body, key)
    if (value !== undefined) {
      checkUrl(value, key)
      set[key] = value
    }
  }
  const method = text(body, 'token_endpoint_auth_method')
  if (method !== undefined) {
    if (!AUTH_METHODS.includes(method)) throw fail(`invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`)
    const valid = client.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post']
    if (!valid.includes(method)) {
      throw fail(`token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(' ')}]`)
    }
    set.token_endpoint_auth_method = method
  }
  const cols = Object.keys(set)
  const r = await tx.query<ClientRow>(
    `update auth.oauth_clients set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1 returning *`,
    [client.id, ...cols.map((c) => set[c])],
  )
  return ok(req, clientJson(r.rows[0]))
}

/** /admin/oauth/clients[/{id}[/regenerate_secret]] */
export async function adminOAuthClients(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  if (!ctx.config.auth.oauthServer) return adminOAuthServerDisabled(ctx, req)
  await requireAdmin(ctx.config, req)
  const parts = req.path.split('/')
  if (parts[3] !== 'clients' || parts.length > 6 || (parts.length === 6 && parts[5] !== 'regenerate_secret')) throw errors.notFound()
  if (parts.length === 4) {
    if (req.method === 'POST') return register(ctx, req)
    if (req.method === 'GET') {
      return owner(ctx, async (tx) => {
        const r = await tx.query<ClientRow>('select * from auth.oauth_clients where deleted_at is null order by created_at desc')
        return ok(req, r.rows.length ? { clients: r.rows.map((c) => clientJson(c)) } : {})
      })
    }
    throw errors.notFound()
  }
  return owner(ctx, async (tx) => {
    if (parts.length === 6) {
      if (req.method !== 'POST') throw errors.notFound()
      const client = await load(tx, req)
      if (client.client_type !== 'confidential') throw fail('Cannot regenerate secret for public client')
      const secret = newSecret()
      const r = await tx.query<ClientRow>('update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *', [client.id, secret.hash])
      return ok(req, clientJson(r.rows[0], secret.secret))
    }
    if (req.method === 'GET') return ok(req, clientJson(await load(tx, req)))
    if (req.method === 'PUT') return update(ctx, req, tx)
    if (req.method === 'DELETE') {
      const client = await load(tx, req)
      await tx.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [client.id])
      return { status: 204, headers: {}, body: null }
    }
    throw errors.notFound()
  })
}
