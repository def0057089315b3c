// What `zod` means in the browser's bundles (next.config.ts aliases it there): zod, configured before
// any schema is made. zod 4 probes `new Function('')` to decide whether to compile object schemas;
// under the CSP (no 'unsafe-eval', lib/security/headers.ts) the browser reports that probe as a
// violation. Jitless mode skips the probe; for forms this size the compiled fast path gains nothing a
// person notices. Configured here, zod is part of the bundles that use it and no others: it used to be
// imported by a component in the root layout, so every page (the landing too) downloaded it.
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export { z, z as default }
