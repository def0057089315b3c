'use client'

import { Mic } from 'lucide-react'
import { SelectField } from '@/components/listings/select-field'
import { VoiceSample, voiceOptionLabel } from '@/components/voices/voice-choice'
import { formatDuration } from '../details-state'
import { scriptStats, type EditorDoc, type EditorVoice } from '../doc'
import { EditorSection } from '../editor-section'
import { RedraftScripts } from '../redraft-scripts'
import { sectionMemo } from '../section-memo'
import { editedCount } from '@/lib/narration/draft'

/** "Voice and narration": the video's voice with a sample, and how long the scripts take to say. */
function NarrationSectionView({
  doc,
  voices,
  seconds,
  onVoice,
  teamId,
  videoId,
  getDoc,
  onApply,
}: {
  doc: EditorDoc
  voices: EditorVoice[]
  seconds: number
  onVoice: (id: string | null) => void
  teamId: string
  videoId: string
  /** the document as it is now, for the redraft (read when pressed) */
  getDoc: () => EditorDoc
  onApply: Parameters<typeof RedraftScripts>[0]['onApply']
}) {
  const stats = scriptStats(doc.props)
  const tooLong = stats.seconds > seconds
  const voiceKnown = doc.voiceId === null || voices.some((voice) => voice.id === doc.voiceId)
  return (
    <EditorSection
      id="narration"
      title="Voice and narration"
      description="Each scene’s script is in its row above. Speak a scene in its row, or narrate them all above the scenes; the preview plays each in place."
    >
      {voices.length ? (
        <div>
          <SelectField label="Voice" value={doc.voiceId ?? ''} onChange={(event) => onVoice(event.target.value || null)}>
            <option value="">No voice (music only)</option>
            {voiceKnown ? null : <option value={doc.voiceId ?? ''}>Current voice (no longer offered)</option>}
            {voices.map((voice) => (
              <option key={voice.id} value={voice.id}>
                {voiceOptionLabel(voice)}
              </option>
            ))}
          </SelectField>
          <VoiceSample voice={voices.find((voice) => voice.id === doc.voiceId)} />
        </div>
      ) : (
        <div className="flex items-start gap-2 rounded-lg border border-dashed border-border-strong bg-canvas px-4 py-3 text-sm text-muted" data-testid="voices-empty">
          <Mic aria-hidden className="mt-0.5 size-4 shrink-0 text-subtle" />
          <p>
            <span className="font-medium text-ink">No voices yet</span> — administrators add them under Voices. Your scripts are kept for when one is available.
          </p>
        </div>
      )}
      <div className="flex flex-col gap-3 rounded-lg bg-canvas px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted" aria-live="polite">
          {stats.words ? (
            <>
              {stats.words} word{stats.words === 1 ? '' : 's'} · about {formatDuration(stats.seconds)} of speech for a {formatDuration(seconds)} video
              {tooLong ? <span className="block text-warning-700">Longer than the video: shorten the scripts or give scenes more seconds.</span> : null}
            </>
          ) : (
            'No narration yet.'
          )}
        </p>
        <RedraftScripts teamId={teamId} videoId={videoId} edited={editedCount(doc.props.scenes)} getDoc={getDoc} onApply={onApply} />
      </div>
    </EditorSection>
  )
}

/** What the section reads from the scenes: their scripts and drafts (the word count, the edited scenes). */
const scriptsKey = (scenes: EditorDoc['props']['scenes']) => scenes.map((scene) => `${scene.script ?? ''}\u0001${scene.scriptDraft ?? ''}`).join('\u0002')

/** Skips the render when a keystroke changes nothing it shows (a caption, a scene's seconds…). */
export const NarrationSection = sectionMemo(NarrationSectionView, scriptsKey)
