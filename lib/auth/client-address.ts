import 'server-only'
import { headers } from 'next/headers'
import { serverEnv } from '@/lib/env'
import { clientAddressFrom } from './address'

/** The visitor's address as configuration allows (see clientAddressFrom), or null. */
export async function clientAddress(): Promise<string | null> {
  const env = serverEnv()
  const h = await headers()
  return clientAddressFrom((name) => h.get(name), { header: env.CLIENT_ADDRESS_HEADER, hops: env.TRUSTED_PROXY_HOPS })
}
