/**
 * Labelled ward messages for measuring the privacy check (domain/privacy.test.ts). Test data only:
 * imported by the test, never by the app, so it stays out of the bundle.
 *
 * Labelling rule. Each message lists the kinds of personal data a careful reader (a ward
 * privacy officer) sees in it, judged from the text and what it means, not from what the
 * detector does:
 *  - nationalId / cardNumber: a real identity or card number (the fake ones here are made
 *    valid by the helpers below, as real ones are); a number that is something else (a
 *    requisition or tracking number) is no personal data.
 *  - accountNumber, phone, email: any account number, phone number (a colleague's, a
 *    relative's or the switchboard's) or e-mail address, written in any usual way. Hospital
 *    extensions (4–5 digits) are not phone numbers.
 *  - address: a street address with a house number, or a postcode with its place.
 *  - names: two or more person names (staff or patients alike: the reader cannot tell who
 *    is who either, and the spec asks for a reminder). One name alone is clean. Names are
 *    names however they are written, also in lower case.
 *  - medicalTerms: two or more diagnoses, medicines or procedures, also in a ward routine
 *    ("Paracet og Ibux er flyttet"): in a ward chat they usually concern a patient, and the
 *    spec asks for a gentle reminder. Symptoms, measurements and doses are not terms.
 * The expected level is the highest of the spec's levels for those kinds (high: identity and
 * card numbers; medium: phone, e-mail, account; low: the rest); no kinds means clean (null).
 */
import type { PrivacyConfidence, PrivacyKind } from "../domain/privacy.ts";

export interface CorpusMessage {
  text: string;
  /** The kinds of personal data in the message; empty when it is clean. */
  contains: PrivacyKind[];
}

// ---------------------------------------------------------------------------------------
// Fake but valid numbers, computed the textbook way (independently of privacy.ts)

/** The mod 11 control digit over `digits` with `weights`, or null when it comes out as 10. */
function mod11(digits: string, weights: number[]): number | null {
  const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const control = (11 - (sum % 11)) % 11;
  return control === 10 ? null : control;
}

/**
 * The national identity number for a birth date ddmmyy and an individual number, or null
 * when that individual number has no valid control digits. D-numbers: day + 40; H-numbers:
 * month + 40.
 */
export function nationalIdFrom(ddmmyy: string, individual: number): string | null {
  const nine = ddmmyy + String(individual).padStart(3, "0");
  const k1 = mod11(nine, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  if (k1 === null) return null;
  const k2 = mod11(nine + k1, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k2 === null ? null : `${nine}${k1}${k2}`;
}

/** The first valid national identity number for ddmmyy from individual number `from`. */
export function nationalId(ddmmyy: string, from: number): string {
  for (let individual = from; individual < 1000; individual++) {
    const id = nationalIdFrom(ddmmyy, individual);
    if (id) return id;
  }
  throw new Error(`no identity number for ${ddmmyy}`);
}

/** The Luhn check digit that makes `body` + digit pass. */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Counted from the right of the finished number, the body's last digit is doubled.
    let v = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
    sum += v;
  }
  return (10 - (sum % 10)) % 10;
}

/** Deterministic filler digits, so the corpus is the same on every run. */
function fillerDigits(seed: number, count: number): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String(Math.floor((x / 2147483648) * 10));
  }
  return out;
}

/** A Luhn-valid card number of `length` digits starting with `prefix`. */
export function cardNumber(prefix: string, length: number, seed: number): string {
  const body = prefix + fillerDigits(seed, length - prefix.length - 1);
  return body + luhnCheckDigit(body);
}

/** A valid Norwegian account number starting with the bank's four digits. */
export function accountNumber(bank: string, seed: number): string {
  for (let s = seed; ; s++) {
    const ten = bank + fillerDigits(s, 6);
    const control = mod11(ten, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
    if (control !== null) return `${ten}${control}`;
  }
}

/** Digits written in groups: group("12345678903", [4, 2, 5], ".") is "1234.56.78903". */
export function group(digits: string, sizes: readonly number[], separator = " "): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(separator);
}

const fours = (digits: string, separator = " ") =>
  group(
    digits,
    Array.from({ length: Math.floor(digits.length / 4) }, () => 4),
    separator,
  );

// The fake identity numbers: ordinary, D-numbers (day + 40) and H-numbers (month + 40).
const id1 = nationalId("150385", 123);
const id2 = nationalId("020762", 401);
const id3 = nationalId("311299", 250);
const id4 = nationalId("240148", 931);
const id5 = nationalId("090911", 515);
const id6 = nationalId("171055", 287);
const id7 = nationalId("010203", 600);
const id8 = nationalId("290280", 333);
const d1 = nationalId("550385", 444);
const d2 = nationalId("621170", 212);
const h1 = nationalId("154385", 620);
const h2 = nationalId("084901", 777);

const visa1 = cardNumber("4", 16, 11);
const visa2 = cardNumber("4", 16, 23);
const visa13 = cardNumber("4", 13, 37);
const master1 = cardNumber("5", 16, 41);
const master2 = cardNumber("2", 16, 53);
const amex = cardNumber("37", 15, 67);
const maestro19 = cardNumber("67", 19, 71);
const maestro18 = cardNumber("6", 18, 83);
const visa3 = cardNumber("4", 16, 97);
const master3 = cardNumber("5", 16, 101);

const acc1 = accountNumber("1503", 5);
const acc2 = accountNumber("1206", 17);
const acc3 = accountNumber("9710", 29);
const acc4 = accountNumber("3000", 31);
const acc5 = accountNumber("1822", 43);
const acc6 = accountNumber("6011", 59);
const acc7 = accountNumber("1254", 61);
const acc8 = accountNumber("2801", 73);
const acc9 = accountNumber("4201", 89);
const acc10 = accountNumber("1607", 97);

const clean = (text: string): CorpusMessage => ({ text, contains: [] });
const has = (text: string, ...contains: PrivacyKind[]): CorpusMessage => ({ text, contains });

export const corpus: CorpusMessage[] = [
  // --- Clean, but full of numbers, times, doses and words that look risky ------------------
  clean("Vaktskifte kl. 07:30, husk rapport på vaktrommet."),
  clean("Kan noen ta kveldsvakt 1500–2300 på fredag?"),
  clean("Ledig vakt 0730-1500 lørdag 14.03.2026."),
  clean("Nattevakt 2300 0730 mangler fortsatt en sykepleier."),
  clean("Møte om turnus 12/3 kl 14 på pauserommet."),
  clean("Rom 412 er vasket og klart for ny pasient."),
  clean("Seng 3 på rom 4012 trenger nytt madrasstrekk."),
  clean("Pasienten på rom 7 skal ha 5 mg kl 22."),
  clean("Infusjonen går på 2,5 ml/t, øk til 5 ml/t ved behov."),
  clean("Husk at Fragmin gis kl 18, 5000 IE s.c."),
  clean("1000 IE vitamin D deles ut etter frokost."),
  clean("Ring 4521 hvis dere trenger portør."),
  clean("Apoteket svarer på 12345, de er på jobb til 16."),
  clean("Vakttelefonen til anestesi er 45210."),
  clean("Labben har nytt internnummer: 3377."),
  clean("Husk å føre 8 timer i GAT for søndag."),
  clean("Det er 24 senger og 19 belagt nå."),
  clean("Uke 12 og 13 er turnusen klar, se oppslaget."),
  clean("Vi har fått 6 nye infusjonspumper, serienummeret står på baksiden."),
  clean("Bestilte 200 hansker str M og 150 str L."),
  clean("Kodelåsen på medisinrommet er byttet, spør ansvarsvakt."),
  clean("Kjøleskapet var 9 grader kl 06:45, meldt avvik 2026-03-11."),
  clean("BT 135/85, puls 92, SpO2 94 % – rom 3 seng 2 ser bedre ut."),
  clean("NEWS 5 på rom 8, legen er varslet kl 02.15."),
  clean("Per dag skal det gjøres to brannrunder, husk å kvittere."),
  clean("Tom for sprøyter på lageret, bestilt 500 stk."),
  clean("Liv og lære-kurset er flyttet til 20. mai."),
  clean("Mai-turnusen kommer i neste uke."),
  clean("Strøm er borte i korridor B, teknisk er på vei."),
  clean("Dag 3 etter operasjonen: mobilisering går fint på rom 14."),
  clean("Parkeringen i Kirkeveien er stengt hele uka."),
  clean("Sengeplass 4 er ledig fra kl 12."),
  clean("Parkeringsplass 12 er reservert for hjemmesykepleien."),
  clean("Vi flytter inn i nye lokaler 1. april, 3. etasje."),
  clean("Kurs i HLR 0900-1130 tirsdag, påmelding innen 10.03."),
  clean("Ny vaktplan fra 01.04.2026 til 30.06.2026 ligger i permen."),
  clean("Hb 11,2 og CRP 45 på prøvene fra i morges, rom 6."),
  clean("Husk å bytte passord, det må ha minst 12 tegn."),
  clean("Kari har laget kake til pauserommet!"),
  clean("Spør Marit om nøkkelen til lageret."),
  clean("Takk for innsatsen i helga, alle sammen!"),
  clean("Sykepleier Hansen er syk i dag, vi leier inn fra byrå."),
  clean("Hans kone ringte og spurte om besøkstiden."),
  clean("Avdelingen har 31 ansatte og 4 lærlinger."),
  clean("Kurset koster kr 1 250 per person, avdelingen betaler."),
  clean("Overtid betales med 50 % tillegg etter 2300."),
  clean("Rapport kl. 1430 i stedet for 1500 i dag."),
  clean("Heis 2 er ute av drift, bruk heis 3 til 5. etasje."),
  clean("Kan noen bytte vakt med meg 24.12? Jeg tar 31.12 i stedet."),
  clean("Pasienten på 12 skal ha 1 g Paracet x 4."),
  clean("Morfin 2,5 mg s.c. ved behov, maks 6 ganger i døgnet."),
  clean("Husk insulinpennene i kjøleskapet, ikke i skuffen."),
  clean("Rekvisisjonsnummer 48213907752 er sendt til lab."),
  clean("Artikkelnummer 40011234 på hanskene vi bruker, hvis noen skal bestille."),
  clean("Kurskode HLR-2026-03 er lagt inn i kompetanseportalen."),
  clean("Ring sentralbordet på 4000 og be om vakthavende."),
  clean("Vi trenger 2 ekstra på natt 14.–16. mars."),
  clean("Bytte av sentralt venekateter: se prosedyre 3.4.12 i EQS."),
  clean("Dokument 12.3.4-05 er oppdatert i kvalitetssystemet."),
  clean("Matlevering kl 11:30 og 16:45 fra i morgen."),
  clean("Kl. 15 er det stand-up på vaktrommet."),
  clean("Vekt 82,4 kg, høyde 178 cm, BMI 26."),
  clean("Det mangler 2 stk 10 ml sprøyter i traller 1–4."),
  clean("Alle på seng 1-12 har fått middag."),
  clean("Husk ID-kortet synlig, det er kontroll i uke 11."),
  clean("Sett av 14:00-15:30 torsdag til fagdag."),
  clean("Turnus 2026/2027 er ute til høring."),
  clean("Berg og dal-bane på akutten i dag, puh!"),
  clean("Ingen pasienter med isolasjon på rommene 401–412."),
  clean("Dosering 0,5 mg/kg, maks 40 mg."),
  clean("Bjørn på vaktmesterkontoret fikser døra i dag."),
  clean("Natt til 17. mai blir det ekstra bemanning."),
  clean("Kan du ta 23-07 i morgen? 3 ledige vakter igjen."),
  clean("Årsturnus: 35,5 t/uke, tredelt, hver 3. helg."),
  clean("Pasienten fikk 500 ml NaCl 0,9 % over 2 t."),
  clean("Koden til garderoben er 2468#."),
  clean("Kontonummeret til sosialkassa står på oppslagstavla."),
  clean("Tok imot 3 pasienter fra akutten mellom 0200 og 0400."),
  clean("Gjennomsnittlig liggetid var 4,2 døgn i 2025."),
  clean("Nr. 2 i køen til CT er rom 9."),
  clean("Blodsukker 12,4 mmol/l kl 08, gi 4 IE NovoRapid."),
  clean("Husk at 1 ml = 100 IE for denne pennen."),
  clean("Oppvaskmaskinen viser feilkode E24, service er ringt."),
  clean("Fra mandag er det 3 sykepleiere på natt, 5 på dag og 4 på kveld."),
  clean("Teams-møte kl 13:15, lenken ligger i kalenderen."),
  clean("Det mangler signatur på 7 avvik fra uke 9."),
  clean("Calling 12345 for IT support now, the printer is down again."),
  clean("Kari spør om Paracet er bestilt."),
  clean("Stein er borte fra lagerhylla igjen, ring 4455."),
  clean("Pasienten på 418 har 38,9 i temp, fått 1 g Paracet kl 16:20."),
  clean("Bestill 2 kartonger 0,9 % NaCl 1000 ml og 10 pk kompresser."),
  clean("Legevisitt 0830-1000, deretter tavlemøte kl 10:15."),

  // --- National identity numbers, D- and H-numbers (high) -------------------------------
  has(`Fnr ${id1} – pasienten kommer til innleggelse i morgen.`, "nationalId"),
  has(`Kan noen sjekke journalen til ${group(id2, [6, 5])}? Mangler samtykke.`, "nationalId"),
  has(`D-nummer ${d1} er registrert, mangler bare fastlege.`, "nationalId"),
  has(`Han har fått hjelpenummer ${h1} på akutten.`, "nationalId"),
  has(`Prøvesvar for ${id3} ligger i DIPS.`, "nationalId"),
  has(id4, "nationalId"),
  has(`Personnr: ${group(id5, [6, 5], "-")}`, "nationalId"),
  has(
    `Født ${group(id6.slice(0, 6), [2, 2, 2], ".")} ${id6.slice(6)}, innlagt fra legevakten.`,
    "nationalId",
  ),
  has(`Søknad om hjemmesykepleie for ${id7} er sendt, hun bor i Storgata 12B.`, "nationalId", "address"),
  has(`Kari Nordmann ${id8} skal til CT kl 10.`, "nationalId", "names"),
  has(`Utenlandsk pasient, D-nr ${group(d2, [6, 5])}, trenger tolk.`, "nationalId"),
  has(`H-nummeret er ${h2} og hun ligger på rom 5.`, "nationalId"),
  has(`Fødselsnummeret til mannen på 3B: ${id2}. Sjekk at armbåndet stemmer.`, "nationalId"),

  // --- Card numbers (high) ----------------------------------------------------------------
  has(`Noen har funnet et bankkort på rom 3: ${fours(visa1)}`, "cardNumber"),
  has(`Pasienten spør om parkeringen kan betales med kortet ${visa2}, går det an?`, "cardNumber"),
  has(`Kortnr ${group(amex, [4, 6, 5])} utløper 08/27.`, "cardNumber"),
  has(`Kortet ${fours(master1, "-")} er sperret, banken er ringt.`, "cardNumber"),
  has(`Kantinekortet mitt (${fours(master2)}) virker ikke, noen som vet hvorfor?`, "cardNumber"),
  has(`Gammelt Visa-kort ${visa13} lå igjen i skuffen på rom 9.`, "cardNumber"),
  has(`Kortnummer ${fours(maestro19)} – datteren vil betale frisøren.`, "cardNumber"),
  has(`Gavekortet kjøpt med ${maestro18}, kvittering i permen.`, "cardNumber"),
  has(`Kan noen bestille blomster til Anne? Bruk ${fours(visa3)}, jeg vipper dere.`, "cardNumber"),
  has(`${fours(master3)} exp 11/26 cvc 123`, "cardNumber"),

  // --- Account numbers (medium) -------------------------------------------------------------
  has(`Innsamling til Marits bryllup: ${group(acc1, [4, 2, 5], ".")}`, "accountNumber"),
  has(`Kontonr for kaffekassa er ${group(acc2, [4, 2, 5])}.`, "accountNumber"),
  has(`Pasienten vil at pensjonen skal gå til ${acc3}.`, "accountNumber"),
  has(`Send 200 kr for julebordet til ${group(acc4, [4, 2, 5], ".")} innen fredag.`, "accountNumber"),
  has(`Datteren har gitt kontonummeret sitt: ${acc5}`, "accountNumber"),
  has(`Refusjon for kurset til konto ${group(acc6, [4, 2, 5])}, takk!`, "accountNumber"),
  has(`Betal depositum for hytta til ${group(acc7, [4, 2, 5], ".")} – 1500 kr per person.`, "accountNumber"),
  has(`Konto: ${acc8}. Merk innbetalingen med navn.`, "accountNumber"),
  has(`Husleie for pasientens leilighet trekkes fra ${group(acc9, [4, 2, 5], ".")}.`, "accountNumber"),
  has(`Vennligst overfør til ${group(acc10, [4, 2, 5])} før 15.03.`, "accountNumber"),

  // --- Phone numbers (medium) ---------------------------------------------------------------
  has("Ring meg på 91234567 hvis det blir kaos.", "phone"),
  has("Pårørende vil bli ringt på 412 34 567 når hun er ute av narkosen.", "phone"),
  has("Sønnens nummer er 98 76 54 32.", "phone"),
  has("Nytt nummer: +47 934 56 789", "phone"),
  has("Kona ringer fra utlandet, nummeret hennes er 0047 45 67 89 01.", "phone"),
  has("Mobilen min er på lading, ring avdelingen på 55 97 00 00.", "phone"),
  has("Kan du sende sms til 4790 1234? Hun får ikke logget inn.", "phone"),
  has("Vaktsjef i dag: 952 11 384 (ikke 4521, den er ute av drift).", "phone"),
  has("Fastlegekontoret har tlf 22 11 80 80, spør etter sykepleier.", "phone"),
  has("Ring 90011223 2 ganger hvis han ikke svarer.", "phone"),
  has("Datter: +4798765432, ønsker å bli ringt ved endringer.", "phone"),
  has("Hjemmesykepleien: 73 55 12 00, kveld 99 88 77 66.", "phone"),

  // --- E-mail addresses (medium) ------------------------------------------------------------
  has("Send turnusønsker til kari.hansen@gmail.com før fredag.", "email"),
  has("Pårørende ba om epikrise på ola.nordmann@online.no, vi må sjekke rutinen.", "email"),
  has("Min private e-post er bjorn_74@hotmail.com hvis intranettet er nede.", "email"),
  has("Kontakt tolketjenesten på tolk.bestilling@helse-vest.no.", "email"),
  has("Svar til marit.olsen@ahus.no, hun koordinerer fagdagen.", "email"),
  has("Sønnen vil ha beskjed på peter.jensen+sykehus@icloud.com.", "email"),
  has("E-post: a.l.pedersen@yahoo.no", "email"),
  has("Kan du videresende vaktplanen til meg på privat: hilde87@live.no?", "email"),
  has("Hun skriver fra lise.berg@firma.com, ikke svar med pasientinfo.", "email"),
  has("Skriv til ingrid.dahl@stolav.no om kurset.", "email"),

  // --- Street addresses and postcodes (low) -------------------------------------------------
  has("Pasienten skal hjem til Kirkeveien 166 etter visitt.", "address"),
  has("Ambulansen henter på Storgata 12B.", "address"),
  has("Adressen er Solbakken 14, 3080 Holmestrand.", "address"),
  has("Hun bor på 0450 Oslo, hjemmesykepleien er varslet.", "address"),
  has("Brev til pårørende sendes til 5020 Bergen, nøyaktig adresse i DIPS.", "address"),
  has("Taxi bestilt til Karl Johans gate 22 kl 14.", "address"),
  has("han bor i storgata 5 sammen med datteren.", "address"),
  has("Ny adresse: Fjellveien 3, 0372 Oslo.", "address"),
  has("Hjemmebesøk i Thorvald Meyers gate 40 i morgen.", "address"),
  has("Flyttet til Bjørkelia 7 i Trondheim i fjor.", "address"),
  has("Leveres til Granåsen 21, 7048 Trondheim.", "address"),

  // --- Two or more names (low) --------------------------------------------------------------
  has("Kari Hansen på rom 4 skal til røntgen kl 10.", "names"),
  has("Ole og Per Olsen kommer på besøk i kveld.", "names"),
  has("Hilde og Marit bytter vakt på lørdag.", "names"),
  has("Pasienten Per Johansen er flyttet til rom 12.", "names"),
  has("Liv Berg ringte og spurte etter moren sin.", "names"),
  has("Dr. Berg og dr. Lie går visitt sammen i dag.", "names"),
  has("Hansen og Olsen på 3 og 4 skal ha lettkost.", "names"),
  has("Anne-Lise Pedersen er innlagt igjen.", "names"),
  has("Mohammed Ali trenger tolk til samtalen kl 13.", "names"),
  has("Ring Ingrid eller Bjørn hvis dere trenger hjelp på natt.", "names"),
  has("kari hansen på 6 har fått besøk av sønnen.", "names"),
  has("Karis mann, Terje, vil snakke med legen.", "names"),

  // --- Two or more medical terms (low) ------------------------------------------------------
  has("Pasienten på 5 har KOLS og pneumoni, følg med på metningen.", "medicalTerms"),
  has("Mistenkt sepsis, har fått Tazocin kl 14.", "medicalTerms"),
  has("Han på 9 har demens og diabetes, trenger hjelp til måltidene.", "medicalTerms"),
  has("Hiv-positiv og hepatitt C, vanlige smitterutiner holder.", "medicalTerms"),
  has("Husk Paracet 1 g kl 14 og insulin kl 16 på rom 3.", "medicalTerms"),
  has("Tomt for Paracet og Ibux på medisinrommet.", "medicalTerms"),
  has("Lungekreften har spredt seg, morfin ved behov.", "medicalTerms"),
  has("Dialysen er flyttet til i morgen pga nyresvikten.", "medicalTerms"),
  has("Schizofreni, står på Zyprexa, lite innsikt.", "medicalTerms"),
  has("Etter hjerteinfarktet får hun Marevan og Albyl.", "medicalTerms"),
  has("Ny pasient med hjertesvikt, start Furix i dag.", "medicalTerms"),
  has("Epilepsi, får Keppra 500 mg x 2.", "medicalTerms"),
  has("MRSA-positiv, skal ha amputasjon i neste uke.", "medicalTerms"),

  // --- Written afterwards as a check, without running the detector on them. Three of its
  // misses led to general fixes (hyphenated phone groups, "Kirkegt. 5", "Bygdøy allé 23");
  // the word lists were not extended to fit it, so "Madopar", "Cytotec" and "Aasland" stay
  // misses, and the two order numbers stay false alarms.
  clean("Pasienten i seng 2 har fått 2 x 500 mg, neste dose 20:00."),
  clean("Skiftet 14-22 er ledig 3., 10. og 17. april."),
  clean("Ny versjon av DIPS kommer 12.05 kl 0600, nede i 30 min."),
  clean("Gi 40 mmol KCl over 4 timer, kontroll av K 2 t etter."),
  clean("Vaktrom 4500, medisinrom 4501, skyllerom 4502."),
  clean("Tirsdag 3/4: tre innleggelser fra akutten, to utskrivelser."),
  clean("Rom 2 er klar for utreise etter lunsj, transport bestilt kl 1330."),
  clean("Se avviksmelding 2026/4411 i Synergi."),
  clean("Lønn utbetales den 12., overtid fra februar kommer i mars."),
  clean("Husk at Anne skal ha fri 1. juledag."),
  clean("God morgen! Alle må signere på HMS-runden innen 15.00."),
  clean("Rom 6 har 2 l O2 på nesekateter, metning 93."),
  clean("Ventetid på akutten er 3-4 timer i kveld."),
  clean("Antall liggedøgn i mars: 812."),
  clean("Leveranse fra sentrallageret: 24 pk à 100 stk, ordre 77120455."),
  clean("Sykehusets org.nr er 983 974 724."),
  clean("Hjertestarteren ved heis 3 får nytt batteri 03.2027."),
  clean("Pasienten på 11 er 94 år og veier 51 kg."),
  clean("Mellom 2200 og 2330 er det bare 2 på jobb."),
  clean("Vi bytter til Klexane 40 mg fra neste uke på alle nyopererte."),
  has("Ring meg på 912-34-567 når legen har vært der.", "phone"),
  has("Tlf. 4512 3456 til sønnen, han vil bli ringt før kl 20.", "phone"),
  has("Ring kona på 93 45 12 78.", "phone"),
  has("Adr. Kirkegt. 5, 2. etasje, ringeklokka virker ikke.", "address"),
  has("Pasienten er fra 9008 Tromsø og skal fly hjem fredag.", "address"),
  has("Hun heter Solveig Nygård og er 84 år.", "names"),
  has("Sigrun Aasland på 7 vil ha besøk av presten.", "names"),
  has("Jørgen og Sindre tar nattevakta i helga.", "names"),
  has("Pasienten bruker Paracet og Ibux hjemme, ta med i kurven.", "medicalTerms"),
  has("Fått Cytotec før aborten, observer blødning.", "medicalTerms"),
  has("Han med Parkinson får Madopar 4 ganger daglig.", "medicalTerms"),
  has("KARI.HANSEN@GMAIL.COM har sendt klage, se innboksen.", "email"),
  has("Kortet 4111-1111-1111-1111 ble brukt på kiosken.", "cardNumber"),
  has("Dattera Ingrid Solberg ringer i kveld.", "names"),
  has("Bor i Bygdøy allé 23, 3. etg.", "address"),
  has(
    `Fnr ${group(nationalId("230457", 412), [6, 5])}, skal ha gastroskopi og biopsi i morgen.`,
    "nationalId",
    "medicalTerms",
  ),
  has(`Hjelpenr. ${nationalId("014501", 333)} er opprettet i DIPS.`, "nationalId"),
  has("Pårørende (sønn) 48 12 34 56, ønsker ikke å bli ringt om natta.", "phone"),
  has(`Kontonummer til pasientens verge: ${group(accountNumber("1594", 7), [4, 2, 5])}.`, "accountNumber"),
  has("Bestefar Olav ligger på 412, barnebarnet Emma kommer kl 18.", "names"),

  // --- Several kinds at once ----------------------------------------------------------------
  has(
    `Kari Hansen (${id1}) har pneumoni og KOLS, datteren har tlf 98 76 54 32.`,
    "nationalId",
    "names",
    "medicalTerms",
    "phone",
  ),
  has("Per Olsen, Kirkeveien 166, 0450 Oslo, tlf 912 34 567.", "names", "address", "phone"),
  has("Marianne Larsen kan nås på marianne.larsen@gmail.com.", "names", "email"),
  has(`Trygdekontoret trenger ${acc1} og ${id3} for søknaden.`, "accountNumber", "nationalId"),
  has("Pårørende: Anne Johansen, 41 22 33 44.", "names", "phone"),
  has("Hun har diabetes og bor i Storgata 5, hjemmesykepleie 2 ganger daglig.", "address"),
];

/** The level the spec gives a message with these kinds of data; null when it is clean. */
export function expectedLevel(contains: readonly PrivacyKind[]): PrivacyConfidence | null {
  if (contains.includes("nationalId") || contains.includes("cardNumber")) return "high";
  if (contains.some((k) => k === "phone" || k === "email" || k === "accountNumber")) return "medium";
  return contains.length > 0 ? "low" : null;
}
