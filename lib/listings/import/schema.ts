import { z } from 'zod'

/** The listing page's address, checked in the browser and again on the server (issue 29). */
export const importUrlSchema = z.object({
  url: z
    .string({ message: 'Paste the address of the listing page.' })
    .trim()
    .min(1, { message: 'Paste the address of the listing page.' })
    .max(2_000, { message: 'That address is too long to be a listing page.' })
    .pipe(z.url({ protocol: /^https?$/, message: 'Paste a web address that starts with http:// or https://.' })),
})
