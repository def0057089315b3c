import Link from 'next/link'
import { Clapperboard, Coins } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatCredits } from '@/lib/credits/labels'

interface Props {
  cost: number
  balance: number
  accountHref: string
}

/**
 * Where rendering will live. Rendering itself arrives with the next issue; until then the card says
 * so plainly and shows what a render will cost, instead of a button that pretends.
 */
export function RenderCard({ cost, balance, accountHref }: Props) {
  return (
    <Card data-testid="render-card">
      <CardHeader>
        <CardTitle>Render to MP4</CardTitle>
        <CardDescription>Turn this draft into a video file to download and share.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-canvas px-3 py-2">
            <dt className="text-muted">Cost per render</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 font-semibold text-ink">
              <Coins aria-hidden className="size-4 text-brand-600" /> {formatCredits(cost)}
            </dd>
          </div>
          <div className="rounded-lg bg-canvas px-3 py-2">
            <dt className="text-muted">Your team has</dt>
            <dd className="mt-0.5 font-semibold text-ink">
              <Link href={accountHref} className="hover:text-brand-700 hover:underline">
                {formatCredits(balance)}
              </Link>
            </dd>
          </div>
        </dl>
        <p className="text-sm text-muted">
          Rendering arrives with the next release: this is where the MP4 will be made, with live progress, the run
          history, a download and a share link. The preview above already plays exactly what will be rendered.
        </p>
        <Button className="w-full" disabled aria-describedby="render-unavailable">
          <Clapperboard aria-hidden /> Render video
        </Button>
        <p id="render-unavailable" className="text-center text-xs text-subtle">
          Not available yet — no credits are taken.
        </p>
      </CardBody>
    </Card>
  )
}
