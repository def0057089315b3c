/* What a draft is made for (the scenes' slots) and what it answers. */

/**
 * A scene as the draft sees it: its photo's caption and file name (which say what it shows) and the
 * seconds its narration may last.
 */
export type SceneSlot = { caption?: string | null; file?: string | null; seconds: number }

export type SceneDraft = {
  script: string
  /** ids of the facts this line says ('caption' for a scene saying its caption) */
  facts: string[]
  /** spoken words in the line */
  words: number
  /** seconds the line takes to say (speechSecondsOf), and the seconds the scene has for it */
  seconds: number
  budget: number
}

/** A fact the draft could not fit, in words for the person ("the year built (2019)", a quoted sentence). */
export type LeftOut = { id: string; label: string }

export type Draft = {
  scenes: SceneDraft[]
  /** ids of the facts that fit no scene (longer scenes would say them) */
  omitted: string[]
  /** the same, named for the person: the create page's "Not in the narration" */
  left: LeftOut[]
  /** facts a description sentence says for them: fact id → the sentence's fact id */
  covered: Record<string, string>
  locale: string
  language: string
  /** true when the locale's language has no phrasebook and the draft is English */
  fellBack: boolean
}
