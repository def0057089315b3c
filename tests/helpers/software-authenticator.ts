import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'

/**
 * A software WebAuthn authenticator (ES256, attestation "none", user present and verified), as the
 * auth-js suite's test/lib/software-authenticator.ts: it answers creation and request options the
 * way navigator.credentials would, so WebAuthn factors and passkeys can be driven end to end.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  const b = Buffer.alloc(3)
  b[0] = (major << 5) | 25
  b.writeUInt16BE(n, 1)
  return b
}

function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -v - 1)
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)])
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)])
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])])
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url')

export class SoftwareAuthenticator {
  private readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly coseKey: Buffer
  private userHandle: Buffer | null = null
  private count = 0

  constructor(readonly rpId: string, readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
  }

  get id(): string {
    return b64u(this.credentialId)
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  private rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest()
  }

  /** navigator.credentials.create() for creation options (JSON form) */
  create(options: { challenge: string; user: { id: string } }) {
    this.userHandle = Buffer.from(options.user.id, 'base64url')
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, this.credentialId, this.coseKey])
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { attestationObject: b64u(attestationObject), clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge)), transports: ['usb' as const] },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform' as const,
    }
  }

  /** navigator.credentials.get() for request options (JSON form); `origin` to pose as another site */
  get(options: { challenge: string }, origin = this.origin) {
    if (!this.userHandle) throw new Error('create() first')
    this.count += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.count)
    const authenticatorData = Buffer.concat([this.rpIdHash(), Buffer.from([0x05]), counter])
    const clientData = this.clientData('webauthn.get', options.challenge, origin)
    const signature = createSign('SHA256')
      .update(Buffer.concat([authenticatorData, createHash('sha256').update(clientData).digest()]))
      .sign(this.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { authenticatorData: b64u(authenticatorData), clientDataJSON: b64u(clientData), signature: b64u(signature), userHandle: b64u(this.userHandle) },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform' as const,
    }
  }
}
