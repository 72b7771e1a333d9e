/**
 * The words the search benchmark's messages are made of: Norwegian ward chat, so that the
 * full-text index (stems, stop words) and the trigram index (every three letters of the
 * folded text) see the selectivity a real ward's history gives them.
 *
 * How a message is written (`messageTextFunction`, in SQL, one call per message): 3 to 40
 * word slots, short messages more often than long (3 + ⌊38·u^2.5⌋, u uniform: mean about
 * 14); each slot is
 *  - with probability 0.0006 a word of `rareWords` (uniform): each of the 50 then turns up
 *    in about 1 of 6,000 messages, a handful per department of 25,000: what one searches
 *    for when looking for *that* message ('hjertestans');
 *  - else with probability 0.01 one of `collocations` (uniform): phrases a ward writes again
 *    and again ('ny pumpe', 'ring vakthavende lege'), each in about 1 of 200 messages, so a
 *    "quoted phrase" has real matches and words that belong together meet;
 *  - else a word of `zipfWords`, drawn by rank r with P(r) ∝ 1/(r + 3) (Zipf–Mandelbrot,
 *    exponent 1, shift 3), by inverse transform: r = ⌊(N+4)^u · 4^(1−u)⌋ − 3. Function words
 *    lead the ranks (og, i, på, er …: the full-text index drops them as stop words, the
 *    trigram index keeps them), ward words follow by how often a ward writes them. With
 *    N = 330 words the top word takes 5 % of the slots, rank 13 ('vakt') 1.6 % (in about 1
 *    message of 5 with its inflections and compounds), rank 150 0.15 % (1 of 50), the last
 *    0.07 % (1 of 100).
 * Inflections are words of their own ('vakt', 'vakten', 'vakter', 'vaktene' at falling
 * ranks), as are compounds ('nattevakt', 'pumpeinstruks', 'sårstell'), so stems and word
 * parts find more than the exact word. æ, ø and å are written as a Norwegian writes them;
 * a query may spell them 'ae', 'o', 'aa' ('kjokken').
 * The first letter is upper-cased and a message ends in '.', '!', '?' or nothing.
 */

/** Words of a text, split at white space; lines starting with '#' are comments. */
const list = (text: string) =>
  text
    .split("\n")
    .filter((l) => !l.trim().startsWith("#"))
    .join(" ")
    .trim()
    .split(/\s+/);
/** The lines of a text, trimmed. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** By rank, most frequent first (see above). */
export const zipfWords = list(`
  # 1–40: function words with the ward's most frequent words among them
  og i på er det til har med som for ikke en vakt pasient jeg rom vi kan skal så at av lege den om
  må pasienten medisin et fra du kveld morgen men nå hun han dag blir etter
  # 41–100
  avdeling sykepleier vakten natt også bare litt får var seg her da trenger noen alle ny kl smerter
  hjelp takk pasienter ring sjekk før nattevakt når der vakter mer godt ok hei igjen fortsatt seng
  post infusjon pumpe blodtrykk rapport morgendagen kanskje gjerne neste helg sengepost
  smertestillende legen klar ferdig 12 4 mandag fredag oppe ute inne kommer går gitt
  # 101–170
  dagvakt kveldsvakt overlevering prøvesvar blodprøve respirator pumpen rommet vaktliste medisiner
  pasientene vaktene morgenen kvelden natten visitt journal notat feber kvalme puls metning oksygen
  temperatur væske mat drikke stell dusj mobilisering innlagt utskrevet innleggelse utskrivning
  pårørende telefon ringte sjekket tatt gir ta se hjelpe mangler ledig bytte vikar bemanning syk
  møte kaffe pause lunsj kjøkken kjøkkenet lager tralle heis medisinrom skyllerom 2 3 5 7 14 22
  lørdag søndag tirsdag onsdag
  # 171–250
  torsdag helgen ekstravakt helgevakt vaktbytte turnus ferie sykemelding overlege turnuslege
  vakthavende sykepleiere hjelpepleier helsefagarbeider fysioterapeut leger legevisitt tilsyn
  epikrise rapporten journalen overleveringen prøvesvarene blodprøver respiratoren medisinen
  infusjonen pumper pumpeinstruks pumpeinstruksen sprøyte sprøytepumpe drypp kateter venflon sonde
  morfin paracet antibiotika insulin medikament røntgen ct operasjon intensiv mottak akuttmottak
  sårstell sår bandasje urin avføring fall fallrisiko isolasjon smitte smittevern hansker munnbind
  frakk opplæring kurs personalmøte familie datter sønn kone rullestol sengene sengen blødning
  øyedråper ernæring veiing vekt blodsukker hb crp ekg observasjon
  # 251–330
  obs uro urolig sover våken spiste drakk smerte vondt svimmel klager trøtt forvirret dement delir
  ambulanse transport hjem sykehjem kommunen henvisning bestilt bestille avtale time minutter timer
  senere tidlig sent rolig travelt fullt belegg korridor korridorpasient enerom dobbeltrom stue
  vinduet nøkler nøkkel koden pc skriver dips kurve kurven ordinasjon ordinert seponert dosen dose
  tabletter mikstur injeksjon intravenøst subkutant inhalasjon plaster støttestrømper trykksår snu
  leie løft personløfter dusjstol toalett bekken bleie frokost middag kveldsmat tørst faste
  fastende narkose oppvåkning postoperativ drenasje
`);

/** Rare words, each in about 1 of 6,000 messages. */
export const rareWords = list(`
  hjertestans anafylaksi defibrillator trakeostomi blodoverføring sepsis lungeemboli hjerneslag
  legionella brannøvelse strømbrudd nødaggregat evakuering heparinpumpe dialysekateter kolostomi
  tromboseprofylakse erytrocyttkonsentrat trombocytter nøytropeni cytostatika morfinpumpe
  smerteplaster fentanyl ketamin nalokson adrenalin glukagon hypoglykemi hyperkalemi kaliumklorid
  noradrenalin blodgass arteriekran thoraxdren pleuradren gipsrom ørebetennelse blåmerker
  sårinfeksjon bløtdelsskade kjøleskapet nøkkelskapet tolketjeneste prestetjeneste obduksjon
  tvangsvedtak fotpleier logoped ergoterapeut
`);

/** Phrases a ward writes again and again, each in about 1 of 200 messages (one a line). */
export const collocations = lines(`
  ny pumpe
  ring vakthavende lege
  pasienten på rom 12
  smertestillende kl 14
  husk overlevering
  blodprøver tatt
  prøvesvar kommer i morgen
  trenger hjelp på rom 4
  ledig vakt i helgen
  kan noen ta
  bytte vakt med meg
  ny pumpeinstruks ligger på medisinrommet
  sjekk pumpeinstruksen før oppstart
  kaffe på kjøkkenet
  møte i morgen kl 12
  god vakt
  takk for i dag
  pårørende ringte
  legen kommer på visitt
  rom 7 har feber
  oksygen 2 liter
  respiratoren alarmerer
  mangler folk på natt
  kveldsvakten er full
  se journalen
`);

/** A word list as an SQL array literal; the words are ours, checked to need no quoting. */
function arrayLiteral(words: readonly string[]): string {
  for (const w of words)
    if (!/^[\p{L}\p{N} ]+$/u.test(w)) throw new Error(`word '${w}' would need quoting in SQL`);
  return `array[${words.map((w) => `'${w}'`).join(", ")}]::text[]`;
}

/**
 * `create function bench_search_text(slots int) returns text`: one message of `slots`
 * word slots drawn as described above (volatile: every call draws anew).
 */
export function messageTextFunction(): string {
  const n = zipfWords.length;
  const word = `(${arrayLiteral(zipfWords)})[floor(power(${n + 4}, u) * power(4, 1 - u))::int - 3]`;
  return `create or replace function bench_search_text(slots int) returns text
    language sql volatile parallel safe as $$
      select upper(left(s, 1)) || substr(s, 2) || (array['', '.', '.', '!', '?'])[1 + floor(random() * 5)::int]
      from (
        select string_agg(
                 case when x < 0.0006 then (${arrayLiteral(rareWords)})[1 + floor(random() * ${rareWords.length})::int]
                      when x < 0.0106 then (${arrayLiteral(collocations)})[1 + floor(random() * ${collocations.length})::int]
                      else ${word} end,
                 ' ') as s
        from (select random() as x, random() as u from generate_series(1, slots)) draws
      ) m
    $$`;
}

/** Words in a message: 3 to 40, short ones more often (mean about 14). */
export const messageSlots = "3 + floor(38 * power(random(), 2.5))::int";
