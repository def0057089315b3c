import { describe, expect, it } from 'vitest'
import { clipHash } from '@/lib/narration/clips'
import { speechOptionsOf } from '@/lib/narration/narrate'
import { foldWordTimings, spokenForm, type SpokenFormOptions } from '@/lib/narration/spoken-form'
import { cardinal, ordinal, streetNumberWords, yearWords } from '@/lib/narration/spoken-form/numbers'
import type { VoiceProvider } from '@/lib/narration/provider'
import { synthesize } from '@/lib/narration/speak'
import { estimateWordTimings, scriptWords, wordsFromCharacters } from '@/lib/narration/timing'
import { pcmToWav } from '@/lib/narration/wav'
import { createHash } from 'node:crypto'

// The spoken form of a written script: what every voice reads. Each row: locale, currency, the line
// as written, the line as it must be said.
const US: SpokenFormOptions = { locale: 'en-US', currency: 'USD' }
const GB: SpokenFormOptions = { locale: 'en-GB', currency: 'GBP' }
const AU: SpokenFormOptions = { locale: 'en-AU', currency: 'AUD' }
const DE: SpokenFormOptions = { locale: 'de-DE', currency: 'EUR' }
const FR: SpokenFormOptions = { locale: 'fr-FR', currency: 'EUR' }

const CASES: [SpokenFormOptions, string, string][] = [
  // the five lines the issue heard wrongly
  [GB, '£1,650 a month', 'one thousand six hundred and fifty pounds a month'],
  [GB, '48 m²', 'forty-eight square metres'],
  [US, '5,800 sq ft', 'five thousand eight hundred square feet'],
  [US, '3.5 bathrooms', 'three and a half bathrooms'],
  [US, '1180 Old Mill Road', 'eleven eighty Old Mill Road'],
  // money
  [GB, '£1,650 pcm', 'one thousand six hundred and fifty pounds a month'],
  [US, '$1,650 a month', 'one thousand six hundred fifty dollars a month'],
  [US, '$2,000/mo', 'two thousand dollars a month'],
  [US, '$850,000', 'eight hundred fifty thousand dollars'],
  [AU, '$850,000', 'eight hundred and fifty thousand dollars'],
  [AU, 'A$850,000', 'eight hundred and fifty thousand dollars'],
  [US, 'A$850,000', 'eight hundred fifty thousand Australian dollars'],
  [AU, 'US$850,000', 'eight hundred and fifty thousand U S dollars'],
  [US, '$1.2M', 'one point two million dollars'],
  [US, '$850k', 'eight hundred fifty thousand dollars'],
  [US, '$2.5 million', 'two point five million dollars'],
  [US, '$3.99', 'three dollars and ninety-nine cents'],
  [US, '$1', 'one dollar'],
  [GB, '£4.50', 'four pounds and fifty pence'],
  [GB, '£0.50', 'fifty pence'],
  [GB, '£1.5m', 'one point five million pounds'],
  [AU, '$650 pw', 'six hundred and fifty dollars a week'],
  [AU, '$650 per week', 'six hundred and fifty dollars per week'],
  [US, '$1,200–$1,400 per month', 'one thousand two hundred to one thousand four hundred dollars per month'],
  [US, '€500,000', 'five hundred thousand euros'],
  [DE, '1.650 € pro Monat', 'one thousand six hundred and fifty euros pro Monat'],
  [DE, '850.000 €', 'eight hundred and fifty thousand euros'],
  [DE, 'EUR 500.000', 'five hundred thousand euros'],
  [FR, '850 000 €', 'eight hundred and fifty thousand euros'],
  [FR, '1 250 000 €', 'one million two hundred and fifty thousand euros'],
  // areas and measures
  [AU, '1,200 m²', 'one thousand two hundred square metres'],
  [US, '1,200 m²', 'one thousand two hundred square meters'],
  [US, '48m²', 'forty-eight square meters'],
  [AU, '120 sqm', 'one hundred and twenty square metres'],
  [GB, '48 sq m', 'forty-eight square metres'],
  [US, '2,400 ft²', 'two thousand four hundred square feet'],
  [US, '1.5 acres', 'one and a half acres'],
  [US, '0.5 acres', 'half an acre'],
  [AU, '2 ha', 'two hectares'],
  [DE, '1.200 m²', 'one thousand two hundred square metres'],
  [FR, '92 m²', 'ninety-two square metres'],
  [US, '5 min walk', 'five minute walk'],
  [AU, '500 m to the beach', 'five hundred metres to the beach'],
  [US, 'per sq ft', 'per square foot'],
  // counts and fractions
  [US, '2.5 baths', 'two and a half baths'],
  [US, '1½ baths', 'one and a half baths'],
  [DE, '3,5 bathrooms', 'three and a half bathrooms'],
  [US, '4+ bedrooms', 'four plus bedrooms'],
  [US, '3-bedroom home', 'three bedroom home'],
  [US, '3–4 bedrooms', 'three to four bedrooms'],
  [GB, '3 – 4 bedrooms', 'three to four bedrooms'],
  // ordinals, years, times, percentages
  [US, '23rd floor', 'twenty-third floor'],
  [GB, '1st floor flat', 'first floor flat'],
  [US, '101st', 'one hundred first'],
  [US, 'built in 2019.', 'built in twenty nineteen.'],
  [US, '1998', 'nineteen ninety-eight'],
  [US, 'since 2005', 'since two thousand five'],
  [AU, 'Completed 2005.', 'Completed two thousand and five.'],
  [GB, 'built in 1905', 'built in nineteen oh five'],
  [US, 'the 1920s', 'the nineteen twenties'],
  [US, 'from 2019 – 2021', 'from twenty nineteen to twenty twenty-one'],
  [US, '1500 bottles', 'one thousand five hundred bottles'],
  [US, '10am', 'ten a.m.'],
  [US, '10:30 a.m.', 'ten thirty a.m.'],
  [US, '17:00', 'seventeen hundred'],
  [US, '5% down', 'five percent down'],
  [FR, '3,5 %', 'three point five percent'],
  // addresses
  [GB, '221B Baker Street', 'two twenty-one B Baker Street'],
  [GB, '10 Downing St, London', 'ten Downing Street, London'],
  [US, '4500 Main St.', 'forty-five hundred Main Street.'],
  [US, '2005 Elm Ave', 'twenty oh five Elm Avenue'],
  [US, '305 Pine Ln', 'three oh five Pine Lane'],
  [US, '123 N Main St', 'one twenty-three North Main Street'],
  [US, '1600 Pennsylvania Ave NW', 'sixteen hundred Pennsylvania Avenue Northwest'],
  [US, 'Apt 4B', 'Apartment four B'],
  [US, 'Unit 1203', 'Unit twelve oh three'],
  [US, 'Mulholland Dr. in the hills', 'Mulholland Drive in the hills'],
  [US, 'Call Dr. Lee', 'Call Doctor Lee'],
  [GB, "St. John's Wood", "Saint John's Wood"],
  [AU, '12 St Kilda Road', 'twelve Saint Kilda Road'],
  [AU, 'Welcome to St Kilda', 'Welcome to Saint Kilda'],
  [GB, '12-14 High Street', 'twelve to fourteen High Street'],
  [AU, '3/12 Smith St', 'three twelve Smith Street'],
  [AU, '4 Ocean Pde', 'four Ocean Parade'],
  [US, 'Welcome to 42 Wallaby Way, Sydney.', 'Welcome to forty-two Wallaby Way, Sydney.'],
  // codes read character by character
  [GB, 'London NW1 8XL', 'London N W one, eight X L'],
  [US, 'Springfield, IL 62704', 'Springfield, IL six two seven zero four'],
  [AU, 'Richmond VIC 3121', 'Richmond VIC three one two one'],
  [AU, 'Melbourne VIC 3000', 'Melbourne VIC three thousand'],
  [GB, 'Call 020 7946 0018 today', 'Call zero two zero, seven nine four six, zero zero one eight today'],
  [US, '(555) 123-4567', 'five five five, one two three, four five six seven'],
  [AU, '+61 2 9876 5432', 'plus six one, two, nine eight seven six, five four three two'],
  [AU, 'Call 0412 345 678', 'Call zero four one two, three four five, six seven eight'],
  // words without numbers stay as written
  [US, 'Sunlight fills this house.', 'Sunlight fills this house.'],
]

describe('spoken forms', () => {
  it('has at least sixty cases across en-US, en-GB, en-AU, de-DE and fr-FR', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60)
    for (const locale of ['en-US', 'en-GB', 'en-AU', 'de-DE', 'fr-FR']) expect(CASES.some(([o]) => o.locale === locale)).toBe(true)
  })

  it.each(CASES)('%o reads %j as %j', (options, written, said) => {
    expect(spokenForm(written, options).text).toBe(said)
  })

  it.each(CASES)('%o: every written word of %j maps to spoken words, in order', (options, written) => {
    const form = spokenForm(written, options)
    // the written words are the caption words, the spoken words are the words a provider times
    expect(form.written).toEqual(scriptWords(written))
    expect(form.spoken).toEqual(scriptWords(form.text))
    expect(form.source).toHaveLength(form.spoken.length)
    for (let k = 1; k < form.source.length; k++) expect(form.source[k]).toBeGreaterThanOrEqual(form.source[k - 1])
    for (let w = 0; w < form.written.length; w++) expect(form.source.filter((s) => s === w).length).toBeGreaterThanOrEqual(1)
    expect(form.source[0]).toBe(0)
    expect(form.source[form.source.length - 1]).toBe(form.written.length - 1)
  })

  it('reads numbers, ordinals, years and house numbers as people do', () => {
    expect(cardinal(1050)).toEqual(['one', 'thousand', 'and', 'fifty'])
    expect(cardinal(1050, false)).toEqual(['one', 'thousand', 'fifty'])
    expect(cardinal(1_200_000, false)).toEqual(['one', 'million', 'two', 'hundred', 'thousand'])
    expect(ordinal(21)).toEqual(['twenty-first'])
    expect(ordinal(112, false)).toEqual(['one', 'hundred', 'twelfth'])
    expect(yearWords(2010)).toEqual(['twenty', 'ten'])
    expect(yearWords(1900)).toEqual(['nineteen', 'hundred'])
    expect(streetNumberWords(1100)).toEqual(['eleven', 'hundred'])
    expect(streetNumberWords(3000)).toEqual(['three', 'thousand'])
  })

  it('keeps a number grouped by spaces as one caption word', () => {
    expect(scriptWords('Offered at 850 000 € today')).toEqual(['Offered', 'at', '850 000 €', 'today'])
    expect(scriptWords('Built 2019 100 metres away')).toEqual(['Built', '2019', '100', 'metres', 'away'])
  })
})

describe('word timings fold back onto the written words', () => {
  it('gives each written word the start of its first spoken word and the end of its last', () => {
    const form = spokenForm('Rent is £1,650 pcm.', GB)
    const spokenTimes = form.spoken.map((text, k) => ({ text, start: k, end: k + 0.5 }))
    const folded = foldWordTimings(form, spokenTimes)!
    expect(folded.map((w) => w.text)).toEqual(['Rent', 'is', '£1,650', 'pcm.'])
    // "one thousand six hundred and fifty pounds" are spoken words 2..8, "a month." 9..10
    expect(folded[2]).toEqual({ text: '£1,650', start: 2, end: 8.5 })
    expect(folded[3]).toEqual({ text: 'pcm.', start: 9, end: 10.5 })
    expect(foldWordTimings(form, spokenTimes.slice(1))).toBeNull()
  })

  it('estimates over the spoken words, so a number takes the time its words take', () => {
    const form = spokenForm('Offered at $1,285,000 today.', US)
    const folded = foldWordTimings(form, estimateWordTimings(form.text, 6))!
    expect(folded.map((w) => w.text)).toEqual(scriptWords('Offered at $1,285,000 today.'))
    const price = folded[2]
    const offered = folded[0]
    // "one million two hundred eighty-five thousand dollars" is far longer than "offered"
    expect(price.end - price.start).toBeGreaterThan(3 * (offered.end - offered.start))
    for (let k = 1; k < folded.length; k++) expect(folded[k].start).toBeGreaterThanOrEqual(folded[k - 1].end)
  })
})

describe('the narration cache key', () => {
  const voice = { id: '00000000-0000-4000-8000-000000000001', provider: 'flite', provider_voice_id: 'slt' }
  const oldKey = (text: string) => createHash('sha256').update(JSON.stringify([voice.id, voice.provider, voice.provider_voice_id, text])).digest('hex')

  it('never answers a clip spoken before spoken forms (the old key of the same text)', () => {
    for (const text of ['£1,650 pcm', '48 m²', 'Welcome home.']) expect(clipHash(voice, text, GB)).not.toBe(oldKey(text))
  })

  it('differs when the same script is read differently (another currency or locale)', () => {
    expect(clipHash(voice, 'Rent is $650 pw.', AU)).not.toBe(clipHash(voice, 'Rent is $650 pw.', US))
    expect(clipHash(voice, 'It spans 120 m².', AU)).not.toBe(clipHash(voice, 'It spans 120 m².', US))
    expect(clipHash(voice, 'Welcome home.', AU)).toBe(clipHash(voice, 'Welcome home.', GB))
  })

  it('reads the locale and currency from a video’s stored props, and defaults on anything else', () => {
    expect(speechOptionsOf({ locale: 'en-GB', listing: { price: { amount: 1650, currency: 'GBP', period: 'month' } } })).toEqual({ locale: 'en-GB', currency: 'GBP' })
    expect(speechOptionsOf({ locale: 'en-AU', listing: { price: null } })).toEqual({ locale: 'en-AU', currency: null })
    expect(speechOptionsOf({ locale: 42 })).toEqual({})
    expect(speechOptionsOf(null)).toEqual({})
  })
})

describe('synthesize speaks the spoken form and times the written words', () => {
  const line = 'Offered at £1,650 pcm, with 48 m² and 3.5 bathrooms.'
  const wavOf = (seconds: number) => pcmToWav(new Uint8Array(Math.round(seconds * 16_000) * 2), 16_000)

  it('folds a hosted provider’s character timings (of the text it was sent) onto the written words', async () => {
    const sent: string[] = []
    // like ElevenLabs: one timing per character of the text it was given, 50 ms each
    const hosted: VoiceProvider = {
      name: 'fake-hosted',
      async speak(text) {
        sent.push(text)
        const chars = [...text]
        const words = wordsFromCharacters(chars, chars.map((_, k) => k * 0.05), chars.map((_, k) => k * 0.05 + 0.05))
        return { audio: wavOf(chars.length * 0.05 + 0.2), mime: 'audio/wav', words }
      },
    }
    const speech = await synthesize(hosted, line, 'v', GB)
    expect(sent).toEqual(['Offered at one thousand six hundred and fifty pounds a month, with forty-eight square metres and three and a half bathrooms.'])
    expect(speech.timing).toBe('provider')
    expect(speech.words.map((w) => w.text)).toEqual(scriptWords(line))
    const price = speech.words[2]
    // "£1,650" lasts from the "one" of "one thousand" to the end of "pounds"
    expect(price.text).toBe('£1,650')
    expect(price.start).toBeCloseTo(sent[0].indexOf('one thousand') * 0.05, 3)
    expect(price.end).toBeCloseTo((sent[0].indexOf('pounds') + 'pounds'.length) * 0.05, 3)
  })

  it('estimates over the spoken text when the provider gives no timings, still one caption per written word', async () => {
    const silent: VoiceProvider = { name: 'fake', speak: async () => ({ audio: wavOf(6), mime: 'audio/wav' }) }
    const speech = await synthesize(silent, line, 'v', GB)
    expect(speech.timing).toBe('estimated')
    expect(speech.spoken).toContain('pounds a month')
    expect(speech.words.map((w) => w.text)).toEqual(scriptWords(line))
    for (let k = 1; k < speech.words.length; k++) expect(speech.words[k].start).toBeGreaterThanOrEqual(speech.words[k - 1].end)
  })
})
