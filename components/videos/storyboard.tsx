import { ImageOff } from 'lucide-react'
import type { PhotoScene } from '@/remotion/schema'

interface Props {
  scenes: PhotoScene[]
  /** media ref → signed URL */
  urls: Record<string, string>
}

/** The scenes in order: photo, caption and the narration line, so the script can be read at a glance. */
export function Storyboard({ scenes, urls }: Props) {
  return (
    <section aria-labelledby="storyboard-heading" className="space-y-3">
      <h2 id="storyboard-heading" className="text-base font-semibold text-ink">
        Scenes <span className="font-normal text-muted">{scenes.length}</span>
      </h2>
      <ol className="grid grid-cols-2 gap-3 xl:grid-cols-3" aria-label="Scenes in order">
        {scenes.map((scene, index) => {
          const url = urls[scene.src] ?? (scene.src.startsWith('/') ? scene.src : null)
          return (
            <li key={scene.id} className="overflow-hidden rounded-xl border border-border bg-surface shadow-card">
              <div className="relative aspect-video bg-ink/5">
                {url ? (
                  // signed storage URLs: next/image would need every storage host configured
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={url} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <span className="flex size-full items-center justify-center text-subtle" aria-hidden>
                    <ImageOff className="size-5" />
                  </span>
                )}
                <span className="absolute top-2 left-2 rounded-md bg-black/65 px-1.5 py-0.5 text-xs font-medium text-white">
                  Scene {index + 1}
                </span>
              </div>
              <div className="space-y-1 p-2.5 sm:p-3">
                <p className="text-xs font-medium text-ink sm:text-sm">{scene.caption || <span className="font-normal text-subtle">No caption</span>}</p>
                {scene.script ? <p className="line-clamp-2 text-xs text-muted sm:line-clamp-3 sm:text-sm">“{scene.script}”</p> : null}
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
