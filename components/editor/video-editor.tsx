'use client'

import { useMemo, useRef, useState } from 'react'
import Link from 'next/link'
import { toast } from 'sonner'
import { ChevronLeft, Keyboard, Mic, Palette, Redo2, Undo2, UserRound, Users } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Button, ButtonLink } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SelectField } from '@/components/listings/select-field'
import { VideoPlayer, type PlayerStatus } from '@/components/videos/video-player'
import { TEMPLATE_IDS, TEMPLATES, timelineFor } from '@/remotion/catalog'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants'
import { posterFrame, segmentStarts } from '@/remotion/duration'
import { listFacts } from '@/remotion/scenes/facts'
import { useHydrated } from '@/components/ui/use-hydrated'
import { hasUnsavedWork } from './autosave'
import {
  addScenes,
  fieldError,
  insertScene,
  isShown,
  moveAnnouncement,
  moveScene,
  normalizeHex,
  removeScene,
  scriptStats,
  selectedAgentId,
  setAgent,
  setBrandColor,
  setFormat,
  setMusic,
  setMusicLevel,
  setShow,
  setTemplate,
  setTemplateOption,
  setTitle,
  setTitleCard,
  titleForTemplate,
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
import { ToggleRow } from './inputs'
import { MiniPreview } from './mini-preview'
import { MusicPicker } from './music-picker'
import { RedraftScripts } from './redraft-scripts'
import { SceneList } from './scene-list'
import { EditorNarration, NarrateAll } from './narration'
import { VoiceSample, voiceOptionLabel } from '@/components/voices/voice-choice'
import { CompositionDetailsCard, ConflictDialog, SaveStatus } from './status'
import { useAutosave, useCompositionDetails, useEditorDocument, useEditorKeys, useLeaveWarning } from './use-editor'
import { formatDuration } from './details-state'

export interface VideoEditorProps {
  teamId: string
  videoId: string
  initial: EditorDoc
  /** the stored row's version when the page loaded (autosave's first expectedVersion) */
  version: number
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
  const details = useCompositionDetails(doc.template, doc.format, doc.props)
  const hydrated = useHydrated()
  const [dialogOpen, setDialogOpen] = useState(false)
  // the preview opens on the title card once its text is in, like the thumbnails and the video page
  const [seekRequest, setSeekRequest] = useState<{ frame: number }>(() => ({
    frame: posterFrame(timelineFor(props.initial.template, props.initial.props)),
  }))
  // what the preview is doing; focusing a caption shows its scene only while nothing plays
  const playerStatus = useRef<PlayerStatus>('Paused')
  const playerBox = useRef<HTMLDivElement>(null)
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
  const unused = useMemo(() => unusedPhotos(photos, doc.props.scenes), [photos, doc.props.scenes])
  const template = TEMPLATES[doc.template]
  const listing = doc.props.listing
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

  return (
    <div className="space-y-5">
      <Toolbar
        title={doc.title}
        listingTitle={props.listingTitle}
        links={links}
        phase={phase}
        error={saveState.error}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={editor.undo}
        onRedo={editor.redo}
        onResolve={() => setDialogOpen(true)}
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
              onStateChange={(status) => {
                playerStatus.current = status
              }}
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

        {/* nothing can be typed before React owns the fields (see useHydrated) */}
        <fieldset disabled={!hydrated} aria-busy={!hydrated || undefined} className="min-w-0 space-y-5 xl:order-1">
          <EditorSection id="video" title="Video" description="Its name in your lists, the template and the shape.">
            <Field
              label="Title"
              data-testid="video-title"
              value={doc.title}
              maxLength={120}
              error={fieldError(fieldErrors, 'title')}
              onChange={(event) => change((d) => setTitle(d, event.target.value), 'title')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Template"
                value={doc.template}
                hint={template.description}
                onChange={(event) => {
                  const next = event.target.value as EditorDoc['template']
                  change((d) => ({
                    ...setTemplate(d, next),
                    title: titleForTemplate(d.title, props.listingTitle, TEMPLATES[d.template].name, TEMPLATES[next].name),
                  }))
                }}
              >
                {TEMPLATE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {TEMPLATES[id].name}
                  </option>
                ))}
              </SelectField>
              <fieldset className="space-y-1.5">
                <legend className="text-sm font-medium text-ink">Format</legend>
                <div className="grid grid-cols-3 gap-2 pt-1.5">
                  {VIDEO_FORMAT_IDS.map((id) => {
                    const f = VIDEO_FORMATS[id]
                    const on = doc.format === id
                    return (
                      <label
                        key={id}
                        className={cn(
                          'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 py-2 text-center text-xs transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                          on ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-border-strong text-muted hover:bg-canvas',
                        )}
                      >
                        <input type="radio" name="format" value={id} checked={on} onChange={() => change((d) => setFormat(d, id))} className="sr-only" />
                        <span aria-hidden className="flex size-7 items-center justify-center">
                          <span className={cn('rounded-[3px] border-2', on ? 'border-brand-600' : 'border-current')} style={{ width: Math.round((f.width / Math.max(f.width, f.height)) * 26), height: Math.round((f.height / Math.max(f.width, f.height)) * 26) }} />
                        </span>
                        <span className="font-medium">{f.label.split(' ')[0]}</span>
                        <span className="sr-only">{f.label}</span>
                      </label>
                    )
                  })}
                </div>
              </fieldset>
            </div>
          </EditorSection>

          <EditorSection id="title-card" title="Title card" description="The opening card. Left blank, it uses the property’s title and address.">
            <Field
              label="Heading"
              value={doc.props.titleCard?.heading ?? ''}
              maxLength={80}
              placeholder={listing.title || listing.address.line}
              error={fieldError(fieldErrors, 'titleCard.heading')}
              onChange={(event) => change((d) => setTitleCard(d, 'heading', event.target.value), 'titleCard.heading')}
            />
            <Field
              label="Subheading"
              value={doc.props.titleCard?.subheading ?? ''}
              maxLength={120}
              placeholder="e.g. Open home Saturday 10–11 am"
              error={fieldError(fieldErrors, 'titleCard.subheading')}
              onChange={(event) => change((d) => setTitleCard(d, 'subheading', event.target.value), 'titleCard.subheading')}
            />
            {doc.template === 'classic-tour' ? (
              <SelectField label="Theme" value={doc.props.theme ?? 'light'} onChange={(event) => change((d) => setTemplateOption(d, event.target.value))}>
                <option value="light">Light — paper white</option>
                <option value="dark">Dark — deep ink</option>
              </SelectField>
            ) : doc.template === 'social-reel' ? (
              <Field
                label="Hook"
                value={doc.props.hook ?? ''}
                maxLength={24}
                placeholder={listing.offer === 'rent' ? 'For rent' : 'Just listed'}
                hint="The big opening words, up to 24 characters."
                error={fieldError(fieldErrors, 'hook')}
                onChange={(event) => change((d) => setTemplateOption(d, event.target.value), 'hook')}
              />
            ) : (
              <Field
                label="Tagline"
                value={doc.props.tagline ?? ''}
                maxLength={60}
                placeholder="e.g. A private harbourside retreat"
                hint="A line under the address, up to 60 characters."
                error={fieldError(fieldErrors, 'tagline')}
                onChange={(event) => change((d) => setTemplateOption(d, event.target.value), 'tagline')}
              />
            )}
          </EditorSection>

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
            <EditorNarration teamId={teamId} videoId={videoId} doc={doc} urls={urls} onUrls={(u) => setSpokenUrls((s) => ({ ...s, ...u }))} change={change}>
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
              onAdd={(picked) => {
                change((d) => addScenes(d, picked))
                toast.success(`Added ${picked.length} scene${picked.length === 1 ? '' : 's'} at the end`)
              }}
              onPreview={previewScene}
              onFocusScene={(index) => {
                if (playerStatus.current === 'Paused') previewScene(index)
              }}
            />
            </EditorNarration>
          </EditorSection>

          <EditorSection id="show" title="Show" description="Cards with the property’s facts. A card with nothing to show is skipped.">
            <ToggleRow
              label="Price"
              testId="show-price"
              hint={listing.price ? 'On the title card and the end card.' : 'This property has no price.'}
              checked={isShown(doc.props, 'price') && Boolean(listing.price)}
              disabled={!listing.price}
              onChange={(on) => change((d) => setShow(d, 'price', on))}
            />
            <ToggleRow
              label="Facts"
              testId="show-facts"
              hint={listFacts(listing, doc.props.locale).length ? 'Bedrooms, bathrooms, area and year built.' : 'This property has no facts to show.'}
              checked={isShown(doc.props, 'facts') && listFacts(listing, doc.props.locale).length > 0}
              disabled={!listFacts(listing, doc.props.locale).length}
              onChange={(on) => change((d) => setShow(d, 'facts', on))}
            />
            <ToggleRow
              label="Features"
              testId="show-features"
              hint={listing.features?.length ? `${listing.features.length} feature${listing.features.length === 1 ? '' : 's'} from the property.` : 'This property has no features listed.'}
              checked={isShown(doc.props, 'features') && Boolean(listing.features?.length)}
              disabled={!listing.features?.length}
              onChange={(on) => change((d) => setShow(d, 'features', on))}
            />
          </EditorSection>

          <AgentSection doc={doc} agents={agents} urls={urls} agentsHref={links.agents} onPick={(agent) => change((d) => setAgent(d, agent))} />

          <BrandSection doc={doc} error={fieldError(fieldErrors, 'brandColor')} onChange={(color, key) => change((d) => setBrandColor(d, color), key)} />

          <MusicPicker
            doc={doc}
            audio={audio}
            urls={urls}
            teamId={teamId}
            onPick={(ref) => change((d) => setMusic(d, ref))}
            onLevel={(patch, key) => change((d) => setMusicLevel(d, patch), key)}
          />

          <NarrationSection
            doc={doc}
            voices={voices}
            seconds={timeline.durationInFrames / timeline.fps}
            onVoice={(id) => change((d) => setVoice(d, id))}
            redraft={<RedraftScripts teamId={teamId} videoId={videoId} doc={doc} onApply={change} />}
          />

          <CaptionsSection doc={doc} onChange={(setting) => change((d) => setCaptions(d, setting))} />
        </fieldset>
      </div>

      <ConflictDialog
        open={dialogOpen && phase === 'conflict'}
        onClose={() => setDialogOpen(false)}
        mine={doc}
        theirs={saveState.conflict?.doc ?? null}
        theirsAt={saveState.conflict?.updatedAt ?? null}
        onLoadTheirs={loadTheirs}
        onKeepMine={keepMine}
      />
    </div>
  )
}

// ---------------------------------------------------------------- toolbar

function Toolbar(props: {
  title: string
  listingTitle: string
  links: VideoEditorProps['links']
  phase: Parameters<typeof SaveStatus>[0]['phase']
  error: string | null
  canUndo: boolean
  canRedo: boolean
  onUndo: () => void
  onRedo: () => void
  onResolve: () => void
}) {
  return (
    <>
      <div className="space-y-3">
        <Link href={props.links.video} className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
          <ChevronLeft aria-hidden className="size-4" /> Video
        </Link>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-brand-700">
            <Link href={props.links.listing} className="hover:underline">
              {props.listingTitle}
            </Link>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-ink sm:text-[1.75rem]">{props.title.trim() || 'Untitled video'}</h1>
        </div>
      </div>
      {/* a direct child of the editor's column, so it stays in view for the whole page */}
      <div className="sticky top-14 z-20 -mx-4 flex items-center gap-2 border-y border-border bg-canvas/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-0 lg:-mx-10 lg:px-10">
        <div className="min-w-0 flex-1">
          <SaveStatus phase={props.phase} error={props.error} onResolve={props.onResolve} />
        </div>
        <Button size="sm" variant="ghost" onClick={props.onUndo} disabled={!props.canUndo} aria-label="Undo" aria-keyshortcuts="Control+Z Meta+Z" data-testid="editor-undo">
          <Undo2 aria-hidden /> <span className="max-sm:sr-only">Undo</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onRedo} disabled={!props.canRedo} aria-label="Redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" data-testid="editor-redo">
          <Redo2 aria-hidden /> <span className="max-sm:sr-only">Redo</span>
        </Button>
        <ButtonLink href={props.links.video} size="sm" variant="outline">
          Done
        </ButtonLink>
      </div>
    </>
  )
}

// ---------------------------------------------------------------- agent

function AgentSection({
  doc,
  agents,
  urls,
  agentsHref,
  onPick,
}: {
  doc: EditorDoc
  agents: EditorAgent[]
  urls: Record<string, string>
  agentsHref: string
  onPick: (agent: EditorAgent | null) => void
}) {
  const selected = selectedAgentId(doc.props, agents)
  const current = doc.props.agent
  const orphan = current && !selected ? current : null
  const option = (checked: boolean) =>
    cn(
      'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
      checked ? 'border-brand-500 bg-brand-50' : 'border-border hover:bg-canvas',
    )
  return (
    <EditorSection id="agent" title="Agent end card" description="Who viewers call at the end. Picking an agent also uses their brand colour.">
      <fieldset>
        <legend className="sr-only">Agent on the end card</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className={option(!current)}>
            <input type="radio" name="agent" checked={!current} onChange={() => onPick(null)} className="sr-only" />
            <span className="flex size-9 items-center justify-center rounded-full bg-ink/5 text-subtle">
              <UserRound aria-hidden className="size-4" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink">No agent card</span>
              <span className="block text-xs text-muted">The end card shows the address and price</span>
            </span>
          </label>
          {orphan ? (
            <label className={option(true)}>
              <input type="radio" name="agent" checked readOnly className="sr-only" />
              <Avatar name={orphan.fullName} src={orphan.photoSrc ? urls[orphan.photoSrc] : null} />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-ink">{orphan.fullName}</span>
                <span className="block text-xs text-muted">Current card (no longer in your agents)</span>
              </span>
            </label>
          ) : null}
          {agents.map((agent) => {
            const checked = selected === agent.id
            return (
              <label key={agent.id} className={option(checked)}>
                <input type="radio" name="agent" checked={checked} onChange={() => onPick(agent)} className="sr-only" />
                <Avatar name={agent.fullName} src={agent.photoRef ? urls[agent.photoRef] : null} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink">{agent.fullName}</span>
                  <span className="block truncate text-xs text-muted">{[agent.title, agent.brokerage].filter(Boolean).join(' · ') || agent.email || 'Agent'}</span>
                </span>
                {agent.brandColor ? <span aria-hidden className="size-4 shrink-0 rounded-full ring-1 ring-ink/10" style={{ backgroundColor: agent.brandColor }} /> : null}
              </label>
            )
          })}
        </div>
      </fieldset>
      {agents.length ? null : (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-border-strong bg-canvas px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-muted">
            <Users aria-hidden className="size-4 shrink-0 text-subtle" /> No agents yet. Add one with a photo, logo and brand colour.
          </p>
          <Link href={agentsHref} className="font-medium text-brand-700 hover:underline">
            Add an agent
          </Link>
        </div>
      )}
    </EditorSection>
  )
}

// ---------------------------------------------------------------- brand colour

function BrandSection({ doc, error, onChange }: { doc: EditorDoc; error?: string; onChange: (color: string | undefined, key: string) => void }) {
  const fallback = TEMPLATES[doc.template].defaultBrandColor
  const color = doc.props.brandColor ?? fallback
  const [text, setText] = useState<string | null>(null)
  const [textError, setTextError] = useState<string | null>(null)
  return (
    <EditorSection id="brand" title="Brand colour" description="Accents, panels and the end card.">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="brand-color-picker">Colour</Label>
          <input
            id="brand-color-picker"
            type="color"
            value={color}
            onChange={(event) => {
              setText(null)
              setTextError(null)
              onChange(event.target.value, 'brandColor')
            }}
            className="block h-10 w-16 cursor-pointer rounded-lg border border-border-strong bg-surface p-1"
          />
        </div>
        <div className="w-36 space-y-1.5">
          <Label htmlFor="brand-color-hex">Hex</Label>
          <Input
            id="brand-color-hex"
            value={text ?? color}
            maxLength={7}
            spellCheck={false}
            aria-invalid={textError || error ? true : undefined}
            aria-describedby="brand-color-message"
            onChange={(event) => {
              setText(event.target.value)
              const hex = normalizeHex(event.target.value)
              setTextError(hex ? null : 'Use a colour like #1d4ed8')
              if (hex) onChange(hex, 'brandColor')
            }}
            onBlur={() => {
              setText(null)
              setTextError(null)
            }}
            className="font-mono uppercase"
          />
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="mb-1"
          disabled={!doc.props.brandColor || doc.props.brandColor === fallback}
          onClick={() => {
            setText(null)
            onChange(undefined, 'brandColor:reset')
          }}
        >
          <Palette aria-hidden /> Template default
        </Button>
      </div>
      <p id="brand-color-message" className={cn('text-sm', textError || error ? 'text-danger-700' : 'text-muted')} role={textError || error ? 'alert' : undefined}>
        {textError ?? error ?? (doc.props.brandColor ? 'Text on this colour is picked for contrast.' : `Using ${TEMPLATES[doc.template].name}’s own colour.`)}
      </p>
    </EditorSection>
  )
}

// ---------------------------------------------------------------- voice + narration

function NarrationSection({
  doc,
  voices,
  seconds,
  onVoice,
  redraft,
}: {
  doc: EditorDoc
  voices: EditorVoice[]
  seconds: number
  onVoice: (id: string | null) => void
  redraft: React.ReactNode
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
        {redraft}
      </div>
    </EditorSection>
  )
}
