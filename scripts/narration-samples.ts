/**
 * npx tsx scripts/narration-samples.ts [--markdown] — drafts the narration of seven varied listings
 * (sale and rent, apartment and country house, metric and imperial, US/UK/AU money) with the
 * create page's defaults (Classic Tour, its pacing) and prints each scene's photo and line. The
 * before/after tables in docs/narration.md ("Drafts, before and after") come from this script run
 * on the code before and after issue 25.
 */
import { draftForVideo } from '../lib/narration/draft/index.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../lib/videos/draft.ts'
import { SAMPLES } from '../tests/unit/narration/draft-samples.ts'

const markdown = process.argv.includes('--markdown')
for (const sample of SAMPLES) {
  const props = draftVideoProps({ listing: sample.row, photos: sample.photos, agent: sample.agent, template: 'classic-tour', format: 'landscape', includeScripts: false })
  const source = narrationSource(sample.row, listingForVideo(sample.row), sample.agent)
  const draft = draftForVideo(source, 'classic-tour', props)
  // the draft names what it left out since issue 25 (`left`); before, only ids (`omitted`)
  const named = draft as { omitted: string[]; left?: { label: string }[] }
  const omitted = named.left ? named.left.map((l) => l.label) : named.omitted
  if (markdown) {
    console.log(`\n**${sample.name}**\n\n| photo | line |\n|---|---|`)
    draft.scenes.forEach((scene, i) => {
      const photo = sample.photos[i]
      const label = photo.caption ?? photo.path.split('/').pop()
      console.log(`| ${label} | ${scene.script.replace(/\|/g, '\\|') || '—'} |`)
    })
    console.log(`\nNot in the narration: ${omitted.length ? omitted.join('; ') : 'nothing'}`)
  } else {
    console.log(`\n== ${sample.name}`)
    draft.scenes.forEach((scene, i) => {
      const photo = sample.photos[i]
      console.log(`  [${photo.caption ?? photo.path.split('/').pop()}] (${scene.seconds.toFixed(1)}/${scene.budget.toFixed(1)} s) ${scene.script}`)
    })
    console.log(`  omitted: ${omitted.join('; ') || '—'}`)
  }
}
