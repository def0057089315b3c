import type { ListingInput } from '@/lib/listings/schema'

/**
 * The form's boxes as the listing schema takes them (strings; the schema trims, turns blanks into
 * null and numbers into numbers), plus the parts that are not plain inputs.
 */
export function readListingForm(
  form: HTMLFormElement,
  extra: { features: string[]; agentId: string | null; status: ListingInput['status'] },
): ListingInput {
  const data = new FormData(form)
  const values: Record<string, string> = {}
  for (const [key, value] of data.entries()) if (typeof value === 'string') values[key] = value
  // a sale has no rent period box at all
  return { ...values, rentPeriod: values.rentPeriod ?? null, ...extra } as ListingInput
}
