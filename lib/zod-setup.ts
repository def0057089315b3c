import { z } from 'zod'

// zod 4 probes `new Function('')` to decide whether to compile object schemas; under the CSP (no
// 'unsafe-eval', lib/security/headers.ts) the browser reports that probe as a violation. Jitless
// mode skips the probe; for forms this size the compiled fast path gains nothing a person notices.
z.config({ jitless: true })
