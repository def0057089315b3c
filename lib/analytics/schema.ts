import { z } from 'zod'

/** The profile page's analytics switch (browser and server action). */
export const analyticsPreferenceSchema = z.object({
  optedOut: z.boolean({ message: 'Choose whether to share usage analytics.' }),
})
