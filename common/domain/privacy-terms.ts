/**
 * Medical terms for the privacy check (privacy.ts): diagnoses, medicines (generic and the
 * brand names used on Norwegian wards) and procedures that, named together, usually say
 * something about a patient. Written lower-case, in the base form; the check tolerates the
 * common Norwegian endings ("pneumonien", "dialysen", "metastasene").
 *
 * Left out on purpose: symptoms and everyday ward words (smerter, feber, kvalme, blodprøve,
 * kateter, operasjon, CT, MR), which fill clean messages about the work itself, and
 * "influensa", which every autumn's staff vaccination reminder names.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

export const medicalTerms: ReadonlySet<string> = words(`
  diabetes diabetiker kols astma pneumoni lungebetennelse sepsis urosepsis uvi
  urinveisinfeksjon hjerteinfarkt infarkt hjertesvikt nyresvikt leversvikt hjerneslag
  hjerneblødning trombose lungeemboli dvt angina hypertensjon atrieflimmer arytmi
  demens dement alzheimer parkinson epilepsi schizofreni psykose psykotisk bipolar depresjon
  deprimert anoreksi bulimi spiseforstyrrelse autisme adhd rusmisbruk alkoholisme
  alkoholiker overdose selvmordsforsøk suicidal selvskading
  kreft cancer leukemi lymfom myelomatose melanom tumor svulst metastase metastaser
  hiv aids hepatitt tuberkulose tbc mrsa vre esbl covid klamydia gonoré syfilis herpes
  lårhalsbrudd hoftebrudd cøliaki crohn kolitt cirrhose levercirrhose pankreatitt anemi
  hypotyreose hypertyreose gravid graviditet spontanabort abort als
  paracet paracetamol pinex panodil ibux ibuprofen voltaren diklofenak naproxen
  morfin oksykodon oxynorm oxycontin ketobemidon ketorax fentanyl tramadol nobligan
  metadon subutex suboxone buprenorfin nalokson naloxon
  insulin novorapid humalog lantus levemir tresiba metformin
  marevan warfarin fragmin klexane heparin eliquis xarelto pradaxa albyl
  furix furosemid spironolakton metoprolol selozok amlodipin atorvastatin simvastatin
  digoksin amiodaron cordarone nitroglyserin
  prednisolon kortison medrol
  antibiotika penicillin cefuroksim cefotaksim ceftriakson meropenem gentamicin vankomycin
  vancomycin tazocin piperacillin ciprofloxacin ciproxin metronidazol flagyl dalacin
  klindamycin
  sobril stesolid diazepam oksazepam imovane zopiklon haldol haloperidol zyprexa olanzapin
  seroquel quetiapin risperdal risperidon abilify litium lithium cipralex escitalopram
  sertralin zoloft cipramil remeron mirtazapin orfiril valproat lamictal lamotrigin keppra
  levetiracetam tegretol karbamazepin
  afipran zofran ondansetron nexium somac pantoprazol laktulose movicol levaxin
  metotreksat humira remicade cellcept
  cellegift cytostatika kjemoterapi cellegiftkur strålebehandling dialyse hemodialyse
  amputasjon amputert transplantasjon stomi kolostomi ileostomi gastroskopi koloskopi
  bronkoskopi biopsi keisersnitt appendektomi kolecystektomi mastektomi pacemaker pci
  ect elektrosjokk tvangsmedisinering
`);

/**
 * Heads of compound diagnoses ("lungekreft", "ventrikkelcancer", "urinveisinfeksjon",
 * "hjerneblødning"): a word ending in one of these is a term of its own.
 */
export const medicalCompoundHeads: readonly string[] = [
  "kreft",
  "cancer",
  "infarkt",
  "emboli",
  "betennelse",
  "infeksjon",
  "blødning",
];
