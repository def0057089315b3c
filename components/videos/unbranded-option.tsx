'use client'

import { TriangleAlert } from 'lucide-react'
import { ToggleRow } from '@/components/editor/inputs'

/**
 * The render card's "Unbranded cut" switch: a render without the agent's card, photo, name,
 * brokerage, logo or contact details (for listing portals that forbid them); narration and captions
 * stay. When the narration or on-screen text still names the agent, says where (the server refuses
 * such a cut with the same sentence, lib/render/unbranded.ts).
 */
export function UnbrandedOption({ checked, onChange, leak }: { checked: boolean; onChange: (checked: boolean) => void; leak: string | null }) {
  return (
    <div className="space-y-2 rounded-lg border border-border px-3 py-2.5">
      <ToggleRow
        label="Unbranded cut"
        hint="No agent, brokerage, logo or contact details, for listing portals that forbid them. Narration and captions stay."
        checked={checked}
        onChange={onChange}
        testId="render-unbranded"
      />
      {checked && leak ? (
        <p role="alert" className="flex gap-2 text-sm text-warning-700" data-testid="unbranded-leak">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> {leak}
        </p>
      ) : null}
    </div>
  )
}
