'use client'

import { memo, useState } from 'react'
import { toast } from 'sonner'
import { Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { redraftScripts } from '@/lib/narration/draft/actions'
import { applyRedraft } from '@/lib/narration/draft'
import type { PhotoScene } from '@/remotion/schema'
import type { EditorDoc } from './doc'

/*
 * "Redraft scripts": the server drafts every scene's narration again from the listing (and the
 * hosted model polishes it when one is configured). Scenes whose script is untouched since it was
 * drafted take the new lines; the person's edits stay unless they choose "Replace my edits too" in
 * the dialog that opens when there are edits. Undo (the toast, or Ctrl/⌘+Z) puts the old lines back.
 */

type Apply = (change: (doc: EditorDoc) => EditorDoc) => void
type Saved = Pick<PhotoScene, 'script' | 'scriptDraft'>

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Puts scripts and drafts back as they were (by scene id); scenes added or removed since are left alone. */
function restore(doc: EditorDoc, before: Map<string, Saved>): EditorDoc {
  const scenes = doc.props.scenes.map((scene) => {
    const saved = before.get(scene.id)
    if (!saved) return scene
    const { script: _s, scriptDraft: _d, ...rest } = scene
    return { ...rest, ...(saved.script ? { script: saved.script } : {}), ...(saved.scriptDraft ? { scriptDraft: saved.scriptDraft } : {}) }
  })
  return { ...doc, props: { ...doc.props, scenes } }
}

/**
 * `edited` is how many scenes' scripts the person changed (the dialog says it); the document itself is
 * read when the button is pressed (`getDoc`), so typing a caption does not re-render the button.
 */
export const RedraftScripts = memo(function RedraftScripts({
  teamId,
  videoId,
  edited,
  getDoc,
  onApply,
}: {
  teamId: string
  videoId: string
  edited: number
  getDoc: () => EditorDoc
  onApply: Apply
}) {
  const [asking, setAsking] = useState(false)
  const [pending, setPending] = useState(false)

  async function run(replaceEdits: boolean) {
    const doc = getDoc()
    setAsking(false)
    setPending(true)
    const toastId = toast.loading('Drafting the narration from the listing…')
    try {
      const result = await redraftScripts(teamId, videoId, { template: doc.template, props: doc.props })
      if (!result.ok) {
        toast.error(result.error, { id: toastId })
        return
      }
      const before = new Map(doc.props.scenes.map((s) => [s.id, { script: s.script, scriptDraft: s.scriptDraft }]))
      const outcome = applyRedraft(doc.props.scenes, result.data.scenes, replaceEdits)
      onApply((d) => ({ ...d, props: { ...d.props, scenes: applyRedraft(d.props.scenes, result.data.scenes, replaceEdits).scenes } }))
      const notes = [
        outcome.kept ? `Your edits in ${plural(outcome.kept, 'scene')} were kept.` : '',
        result.data.by === 'model' ? 'Polished by the language model and checked against the listing.' : '',
        result.data.modelSetAside ? 'The language model’s version was set aside (it did not match the listing); this is the standard draft.' : '',
        result.data.omitted.length ? `Too long for the scenes’ time: ${result.data.omitted.join(', ')}. Longer scenes would fit them.` : '',
        result.data.english ? 'Drafted in English: the listing’s language has no phrasebook yet.' : '',
      ].filter(Boolean)
      toast.success(outcome.changed ? `Redrafted ${plural(outcome.changed, 'scene')}` : 'The scripts already match the listing', {
        id: toastId,
        description: notes.join(' ') || undefined,
        action: outcome.changed ? { label: 'Undo', onClick: () => onApply((d) => restore(d, before)) } : undefined,
      })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id: toastId })
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      <Button size="sm" variant="outline" pending={pending} onClick={() => (edited ? setAsking(true) : void run(false))} data-testid="redraft-scripts">
        {pending ? null : <Sparkles aria-hidden />} Redraft scripts
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Redraft the narration?"
        description={`You have edited the script of ${plural(edited, 'scene')}. Redrafting rewrites the other scenes from the listing and keeps your words.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void run(true)} data-testid="redraft-replace-edits">
              Replace my edits too
            </Button>
            <Button onClick={() => void run(false)} data-testid="redraft-keep-edits" autoFocus>
              Keep my edits
            </Button>
          </>
        }
      />
    </>
  )
})
