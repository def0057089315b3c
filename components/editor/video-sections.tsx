'use client'

import { cn } from '@/components/ui/cn'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/listings/select-field'
import { TEMPLATE_IDS, TEMPLATES } from '@/remotion/catalog'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS } from '@/remotion/constants'
import { listFacts } from '@/remotion/scenes/facts'
import { fieldError, isShown, setFormat, setShow, setTemplate, setTemplateOption, setTitle, setTitleCard, titleForTemplate, type EditorDoc } from './doc'
import { EditorSection } from './editor-section'
import { ToggleRow } from './inputs'
import { sectionMemo } from './section-memo'

// The editor's plain sections: the video itself (title, template, format), the title card, and which
// fact cards show. Each edits the document through `change` (history and autosave follow).

type Change = (change: (doc: EditorDoc) => EditorDoc, key?: string | null) => void

function VideoSectionView({ doc, change, fieldErrors, listingTitle }: { doc: EditorDoc; change: Change; fieldErrors: Record<string, string>; listingTitle: string }) {
  const template = TEMPLATES[doc.template]
  return (
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
              title: titleForTemplate(d.title, listingTitle, TEMPLATES[d.template].name, TEMPLATES[next].name),
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
  )
}

function TitleCardSectionView({ doc, change, fieldErrors }: { doc: EditorDoc; change: Change; fieldErrors: Record<string, string> }) {
  const listing = doc.props.listing
  return (
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
  )
}

function ShowSectionView({ doc, change }: { doc: EditorDoc; change: Change }) {
  const listing = doc.props.listing
  return (
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
  )
}

export const VideoSection = sectionMemo(VideoSectionView)

export const TitleCardSection = sectionMemo(TitleCardSectionView)

export const ShowSection = sectionMemo(ShowSectionView)
