'use client'

import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Keyboard } from 'lucide-react'
import { VideoPlayer, type PlayerStatus } from '@/components/videos/video-player'
import { TEMPLATES, timelineFor } from '@/remotion/catalog'
import { posterFrame, segmentStarts } from '@/remotion/duration'
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset'
import { hasUnsavedWork } from './autosave'
import type { CompositionFacts } from './details-state'
import {
  addScenes,
  fieldError,
  insertScene,
  moveAnnouncement,
  moveScene,
  removeScene,
  setAgent,
  setBrandColor,
  setMusic,
  setMusicLevel,
  setVoice,
  unplacedErrors,
  unusedPhotos,
  updateScene,
  type EditorAgent,
  type EditorAudio,
  type EditorDoc,
  type EditorPhoto,
  type EditorVoice,
} from './doc'
import { CaptionsSection, setCaptions } from './captions-section'
import { EditorSection } from './editor-section'
import { MiniPreview } from './mini-preview'
import { AgentSection } from './agent-section'
import { ShowSection, TitleCardSection, VideoSection } from './video-sections'
import { BrandSection } from './brand-section'
import { EditorToolbar } from './editor-toolbar'
import { NarrationSection } from './narration/voice-section'
import { MusicPicker } from './music-picker'
import { SceneList } from './scene-list'
import { EditorNarration, NarrateAll } from './narration'
import { CompositionDetailsCard, ConflictDialog } from './status'
import { useAutosave, useCompositionDetails, useEditorDocument, useEditorKeys, useLeaveWarning } from './use-editor'

export interface VideoEditorProps {
  teamId: string
  videoId: string
  initial: EditorDoc
  /** the stored row's version when the page loaded (autosave's first expectedVersion) */
  version: number
  /** the composition details of `initial`, worked out by the page (the card needs no first request) */
  details?: CompositionFacts
  listingTitle: string
  photos: EditorPhoto[]
  audio: EditorAudio[]
  agents: EditorAgent[]
  voices: EditorVoice[]
  /** media ref → signed URL for every photo, agent image, track and ref in the props */
  urls: Record<string, string>
  links: { video: string; listing: string; editListing: string; agents: string; library: string }
}

/** Paths of fields that have an input on screen (their errors show there, not in the summary). */
const placedField = (path: string) => path === 'title' || /^scenes\.\d+\.(caption|seconds|script|src)$/.test(path) || path.startsWith('titleCard.') || path === 'brandColor' || path === 'hook' || path === 'tagline'

export function VideoEditor(props: VideoEditorProps) {
  const { teamId, videoId, photos, audio, agents, voices, urls: pageUrls, links } = props
  // clips spoken in this session have URLs the page did not sign
  const [spokenUrls, setSpokenUrls] = useState<Record<string, string>>({})
  const urls = useMemo(() => ({ ...pageUrls, ...spokenUrls }), [pageUrls, spokenUrls])
  const editor = useEditorDocument(props.initial)
  const { doc, change } = editor
  const save = useAutosave(teamId, videoId, doc, props.version)
  const details = useCompositionDetails(doc.template, doc.format, doc.props, props.details)
  const [dialogOpen, setDialogOpen] = useState(false)
  // the preview opens on the title card once its text is in, like the thumbnails and the video page
  const [seekRequest, setSeekRequest] = useState<{ frame: number }>(() => ({
    frame: posterFrame(timelineFor(props.initial.template, props.initial.props)),
  }))
  // what the preview is doing; focusing a caption shows its scene only while nothing plays
  const playerStatus = useRef<PlayerStatus>('Paused')
  const playerBox = useRef<HTMLDivElement>(null)
  // stable callbacks for the memoised sections (components/editor/section-memo.ts): a new function
  // on each render would re-render them on every keystroke
  const onPlayerState = useCallback((status: PlayerStatus) => {
    playerStatus.current = status
  }, [])
  const onSpokenUrls = useCallback((u: Record<string, string>) => setSpokenUrls((s) => ({ ...s, ...u })), [])
  const onPickAgent = useCallback((agent: EditorAgent | null) => change((d) => setAgent(d, agent)), [change])
  const onBrandColor = useCallback((color: string | undefined, key: string) => change((d) => setBrandColor(d, color), key), [change])
  const onPickMusic = useCallback((ref: string | null) => change((d) => setMusic(d, ref)), [change])
  const onMusicLevel = useCallback((patch: Parameters<typeof setMusicLevel>[1], key?: string) => change((d) => setMusicLevel(d, patch), key), [change])
  const onVoice = useCallback((id: string | null) => change((d) => setVoice(d, id)), [change])
  const onAddScenes = useCallback(
    (picked: EditorPhoto[]) => {
      change((d) => addScenes(d, picked))
      toast.success(`Added ${picked.length} scene${picked.length === 1 ? '' : 's'} at the end`)
    },
    [change],
  )
  const onCaptions = useCallback((setting: Parameters<typeof setCaptions>[1]) => change((d) => setCaptions(d, setting)), [change])
  const saveState = save.state
  const phase = saveState.phase
  const fieldErrors = saveState.fieldErrors

  // the dialog opens by itself each time a conflict starts
  const [seenConflict, setSeenConflict] = useState<unknown>(null)
  if (saveState.conflict && saveState.conflict !== seenConflict) {
    setSeenConflict(saveState.conflict)
    setDialogOpen(true)
  }

  useLeaveWarning(hasUnsavedWork(phase))
  useEditorKeys({ undo: editor.undo, redo: editor.redo, save: () => save.controller.flush() })

  const timeline = useMemo(() => timelineFor(doc.template, doc.props), [doc.template, doc.props])
  const photoByRef = useMemo(() => new Map(photos.map((photo) => [photo.ref, photo])), [photos])
  // the photo picker's list changes only when a scene's photo does, not on every caption keystroke
  const usedPhotos = doc.props.scenes.map((scene) => scene.src).join('\n')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- usedPhotos stands for the scenes' photos, all this reads
  const unused = useMemo(() => unusedPhotos(photos, doc.props.scenes), [photos, usedPhotos])
  const template = TEMPLATES[doc.template]
  const others = unplacedErrors(fieldErrors, placedField)

  const previewScene = (index: number) => {
    const starts = segmentStarts(timeline)
    const segment = timeline.segments.findIndex((s) => s.kind === 'photo' && s.sceneIndex === index)
    if (segment < 0) return
    setSeekRequest({ frame: starts[segment] + Math.round(timeline.segments[segment].durationInFrames / 2) })
  }

  const loadTheirs = () => {
    const conflict = saveState.conflict
    if (!conflict) return
    save.controller.adopt(conflict.doc, saveState.version)
    editor.replace(conflict.doc)
    setDialogOpen(false)
    toast.info('Loaded the version saved elsewhere', { description: 'Undo brings yours back.' })
  }
  const keepMine = () => {
    save.controller.keepMine(saveState.version)
    setDialogOpen(false)
    toast.success('Keeping your version', { description: 'It is being saved over the other one.' })
  }

  // the memoised toolbar and conflict dialog get stable callbacks that call the latest ones
  const latest = useRef({ loadTheirs, keepMine, doc })
  useLayoutEffect(() => {
    latest.current = { loadTheirs, keepMine, doc }
  })
  const getDoc = useCallback(() => latest.current.doc, [])
  const onLoadTheirs = useCallback(() => latest.current.loadTheirs(), [])
  const onKeepMine = useCallback(() => latest.current.keepMine(), [])
  const openDialog = useCallback(() => setDialogOpen(true), [])
  const closeDialog = useCallback(() => setDialogOpen(false), [])
  const conflictOpen = dialogOpen && phase === 'conflict'

  return (
    <div className="space-y-5">
      <EditorToolbar
        title={doc.title}
        listingTitle={props.listingTitle}
        links={links}
        phase={phase}
        error={saveState.error}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onResolve={openDialog}
      />

      {others.length ? (
        <div role="alert" className="rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-700">
          <p className="font-medium">Not saved yet — please fix:</p>
          <ul className="mt-1 list-disc pl-5">
            {others.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,27rem)] xl:items-start">
        <aside aria-label="Preview" className="space-y-4 xl:sticky xl:top-20 xl:order-2">
          <div ref={playerBox}>
            <VideoPlayer
              template={doc.template}
              format={doc.format}
              props={doc.props}
              urls={urls}
              maxHeight="58vh"
              seekRequest={seekRequest}
              onStateChange={onPlayerState}
            />
          </div>
          <MiniPreview
            target={playerBox}
            template={doc.template}
            format={doc.format}
            props={doc.props}
            urls={urls}
            frame={seekRequest.frame}
          />
          <CompositionDetailsCard state={details} template={doc.template} format={doc.format} />
          <p className="hidden items-start gap-2 text-xs text-muted xl:flex">
            <Keyboard aria-hidden className="mt-px size-4 shrink-0" />
            <span>
              Changes save by themselves. Ctrl/⌘+Z undoes the last change outside a text box; in the preview, space plays and pauses and the arrows move a second.
            </span>
          </p>
        </aside>

        {/* nothing can be typed before React owns the fields */}
        <HydratedFieldset className="min-w-0 space-y-5 xl:order-1">
          <VideoSection doc={doc} change={change} fieldErrors={fieldErrors} listingTitle={props.listingTitle} />

          <TitleCardSection doc={doc} change={change} fieldErrors={fieldErrors} />

          <EditorSection
            id="scenes"
            title="Scenes"
            description="One photo per scene, in the order they play."
            aside={
              <span className="text-sm tabular-nums text-muted">
                {doc.props.scenes.length} scene{doc.props.scenes.length === 1 ? '' : 's'}
              </span>
            }
          >
            <EditorNarration teamId={teamId} videoId={videoId} doc={doc} urls={urls} onUrls={onSpokenUrls} change={change}>
            <NarrateAll scenes={doc.props.scenes} />
            <SceneList
              scenes={doc.props.scenes}
              photoByRef={photoByRef}
              urls={urls}
              unused={unused}
              defaultSeconds={template.pacing.photoSeconds}
              fieldErrors={fieldErrors}
              editListingHref={links.editListing}
              onCaption={(id, caption) => change((d) => updateScene(d, id, { caption }), `scene:${id}:caption`)}
              onSeconds={(id, seconds) => change((d) => updateScene(d, id, { seconds }), `scene:${id}:seconds`)}
              onMotion={(id, motion) => change((d) => updateScene(d, id, { motion }))}
              onScript={(id, script) => change((d) => updateScene(d, id, { script }), `scene:${id}:script`)}
              onMove={(from, to) => {
                const scene = doc.props.scenes[from]
                change((d) => moveScene(d, from, to))
                const target = Math.min(Math.max(0, to), doc.props.scenes.length - 1)
                return moveAnnouncement(scene, from, target, doc.props.scenes.length)
              }}
              onRemove={(id) => {
                const index = doc.props.scenes.findIndex((s) => s.id === id)
                const scene = doc.props.scenes[index]
                if (!scene) return
                change((d) => removeScene(d, id))
                toast(scene.caption?.trim() ? `Removed “${scene.caption.trim()}”` : `Removed scene ${index + 1}`, {
                  action: { label: 'Undo', onClick: () => change((d) => insertScene(d, scene, index)) },
                })
              }}
              onAdd={onAddScenes}
              onPreview={previewScene}
              onFocusScene={(index) => {
                if (playerStatus.current === 'Paused') previewScene(index)
              }}
            />
            </EditorNarration>
          </EditorSection>

          <ShowSection doc={doc} change={change} />

          <AgentSection doc={doc} agents={agents} urls={urls} agentsHref={links.agents} onPick={onPickAgent} />

          <BrandSection doc={doc} error={fieldError(fieldErrors, 'brandColor')} onChange={onBrandColor} />

          <MusicPicker
            doc={doc}
            audio={audio}
            urls={urls}
            teamId={teamId}
            onPick={onPickMusic}
            onLevel={onMusicLevel}
          />

          <NarrationSection
            doc={doc}
            voices={voices}
            seconds={timeline.durationInFrames / timeline.fps}
            onVoice={onVoice}
            teamId={teamId}
            videoId={videoId}
            getDoc={getDoc}
            onApply={change}
          />

          <CaptionsSection doc={doc} onChange={onCaptions} />
        </HydratedFieldset>
      </div>

      <ConflictDialog
        open={conflictOpen}
        onClose={closeDialog}
        mine={conflictOpen ? doc : null}
        theirs={saveState.conflict?.doc ?? null}
        theirsAt={saveState.conflict?.updatedAt ?? null}
        onLoadTheirs={onLoadTheirs}
        onKeepMine={onKeepMine}
      />
    </div>
  )
}
