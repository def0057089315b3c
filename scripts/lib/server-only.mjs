// `tsx --import ./scripts/lib/server-only.mjs script.ts`: see server-only-hooks.mjs
import { register } from 'node:module'

register('./server-only-hooks.mjs', import.meta.url)
