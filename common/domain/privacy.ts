/**
 * Privacy check of a chat draft (spec: the composer warns before personal data is sent, and
 * edits are checked the same way). Pure: text in, findings out, offsets into the text so the
 * composer can mark them.
 *
 * Confidence follows the spec: national identity and card numbers are high (their control
 * digits make a false alarm unlikely), phone, e-mail and account numbers medium, street
 * addresses with postcodes, two or more names and two or more medical terms low (a gentle
 * reminder; the check cannot tell a patient from a colleague or a ward routine).
 *
 * It runs while typing, so it is one pass per kind over the text with regexes compiled at
 * load, word lists in Sets, and no pattern that can backtrack badly: well under 1 ms for a
 * 4,000-character message (measured in privacy.test.ts).
 */
import { ambiguousNames, firstNames, lastNames, postalPlaces } from "./privacy-names.ts";
import { medicalCompoundHeads, medicalTerms } from "./privacy-terms.ts";

export type PrivacyKind =
  | "nationalId"
  | "cardNumber"
  | "accountNumber"
  | "phone"
  | "email"
  | "address"
  | "names"
  | "medicalTerms";
export type PrivacyConfidence = "high" | "medium" | "low";
/** One thing found; `start`/`end` are offsets into the text (end exclusive). */
export interface PrivacyFinding {
  kind: PrivacyKind;
  confidence: PrivacyConfidence;
  start: number;
  end: number;
}
/** `confidence` is the highest finding's, null when the text is clean. */
export interface PrivacyResult {
  confidence: PrivacyConfidence | null;
  findings: PrivacyFinding[];
}

const confidenceOf: Record<PrivacyKind, PrivacyConfidence> = {
  nationalId: "high",
  cardNumber: "high",
  accountNumber: "medium",
  phone: "medium",
  email: "medium",
  address: "low",
  names: "low",
  medicalTerms: "low",
};
const rank: Record<PrivacyConfidence, number> = { low: 1, medium: 2, high: 3 };

// ---------------------------------------------------------------------------------------
// Control digits

const allDigits = /^\d+$/;
const idWeights1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
const idWeights2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const accountWeights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

const digitAt = (digits: string, i: number) => digits.charCodeAt(i) - 48;

/** The mod 11 control digit over the first `weights.length` digits; null when it would be 10. */
function mod11Control(digits: string, weights: readonly number[]): number | null {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]! * digitAt(digits, i);
  const control = 11 - (sum % 11);
  if (control === 11) return 0;
  return control === 10 ? null : control;
}

const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether ddmmyy is a real date, allowing the D-number (day + 40) and H-number (month + 40).
 * The century is not pinned down from the individual number: an id with a date that exists
 * in some century counts, since a missed id leaks more than a rare false alarm costs. So
 * 29 February counts in every year divisible by four (2000 was a leap year, 1900 was not).
 */
function isRealBirthDate(digits: string): boolean {
  let day = Number(digits.slice(0, 2));
  let month = Number(digits.slice(2, 4));
  const year = Number(digits.slice(4, 6));
  if (day > 40) day -= 40;
  else if (month > 40) month -= 40;
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) return year % 4 === 0;
  return day <= daysInMonth[month - 1]!;
}

/**
 * A Norwegian national identity number (fødselsnummer, D- or H-number): 11 digits, a real
 * birth date and both mod 11 control digits right.
 */
export function isValidNationalId(digits: string): boolean {
  if (digits.length !== 11 || !allDigits.test(digits)) return false;
  if (mod11Control(digits, idWeights1) !== digitAt(digits, 9)) return false;
  if (mod11Control(digits, idWeights2) !== digitAt(digits, 10)) return false;
  return isRealBirthDate(digits);
}

/** The Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (digits.length < 2 || !allDigits.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let value = digitAt(digits, i);
    if (double) value = value > 4 ? value * 2 - 9 : value * 2;
    sum += value;
  }
  return sum % 10 === 0;
}

/** A Norwegian bank account number: 11 digits, the last a mod 11 control digit. */
export function isValidAccountNumber(digits: string): boolean {
  if (digits.length !== 11 || !allDigits.test(digits)) return false;
  return mod11Control(digits, accountWeights) === digitAt(digits, 10);
}

// ---------------------------------------------------------------------------------------
// Numbers: identity, card, account and phone numbers

/**
 * A run of digit groups joined by one space, dot or hyphen: "010190 12345", "1234.56.78903",
 * "+47 912 34 567", but also "12.03.2026" and "0730-1500". What a run holds is decided by
 * its groups (below), never by the run as a whole, so a phone number followed by a count
 * ("ring 91234567 2 ganger") is still found.
 */
const digitRun = /\d+(?:[ \u00a0.-]\d+)*/g;

interface Group {
  digits: string;
  start: number;
  end: number;
  /** The separator before this group; "" for the first. */
  separator: string;
}

function groupsOf(run: string, offset: number): Group[] {
  const groups: Group[] = [];
  let i = 0;
  while (i < run.length) {
    const separator = groups.length === 0 ? "" : run[i]!;
    if (groups.length > 0) i += 1;
    const start = i;
    while (i < run.length && digitAt(run, i) >= 0 && digitAt(run, i) <= 9) i += 1;
    groups.push({ digits: run.slice(start, i), start: offset + start, end: offset + i, separator });
  }
  return groups;
}

/**
 * Whether a UTF-16 unit is a letter. ASCII is decided by range; other units are looked up
 * once with \p{L} and remembered (0: unknown, 1: letter, 2: not), since a Unicode-class
 * regex over every word costs more than all the other checks together.
 */
const letterTable = new Uint8Array(65536);
const unicodeLetter = /\p{L}/u;
function isLetterCode(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  let known = letterTable[code]!;
  if (known === 0) {
    known = unicodeLetter.test(String.fromCharCode(code)) ? 1 : 2;
    letterTable[code] = known;
  }
  return known === 1;
}
const isLetter = (char: string | undefined) => char !== undefined && isLetterCode(char.charCodeAt(0));
const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/**
 * A window of groups glued to a word ("A12345678", "3x"), or part of a decimal or a fraction
 * ("1,5", "12/34567890"), is not a number of its own.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (isLetter(before) || isLetter(after)) return false;
  if ((before === "," || before === "/") && isDigit(text[start - 2])) return false;
  if ((after === "," || after === "/" || after === ":") && isDigit(text[end + 1])) return false;
  return true;
}

const sameLengths = (lengths: number[], shape: number[]) =>
  lengths.length === shape.length && lengths.every((n, i) => n === shape[i]);
const separatorsIn = (separators: string[], allowed: string) => separators.every((s) => allowed.includes(s));
const allSame = (separators: string[]) => separators.every((s) => s === separators[0]);

/** How people write an identity number: 01019012345, 010190 12345, 010190-12345, 01.01.90 12345. */
function idShaped(lengths: number[], separators: string[]): boolean {
  if (sameLengths(lengths, [11])) return true;
  if (sameLengths(lengths, [6, 5])) return separatorsIn(separators, " \u00a0-");
  if (!sameLengths(lengths, [2, 2, 2, 5])) return false;
  return separators[0] === "." && separators[1] === "." && separatorsIn(separators.slice(2), " \u00a0-");
}

/** 12345678903, 1234.56.78903, 1234 56 78903. */
function accountShaped(lengths: number[], separators: string[]): boolean {
  if (sameLengths(lengths, [11])) return true;
  return sameLengths(lengths, [4, 2, 5]) && allSame(separators) && separatorsIn(separators, ". \u00a0");
}

/** Card numbers are printed in fours (the last group shorter) or 4-6-5 (American Express). */
function cardShaped(lengths: number[], separators: string[]): boolean {
  if (lengths.length === 1) return true;
  if (!allSame(separators) || !separatorsIn(separators, " \u00a0-")) return false;
  const last = lengths[lengths.length - 1]!;
  if (lengths.length >= 3 && lengths.slice(0, -1).every((n) => n === 4) && last >= 1 && last <= 4)
    return true;
  return lengths.length === 3 && lengths[0] === 4 && lengths[1] === 6 && (last === 4 || last === 5);
}

/** Two clock times "2300 0730" look like a 4+4 phone number but are a shift. */
const isClockTime = (digits: string) => Number(digits.slice(0, 2)) <= 23 && Number(digits.slice(2)) <= 59;

/**
 * The usual ways of writing an 8-digit Norwegian number: 91234567, 912 34 567, 91 23 45 67
 * (also with hyphens: those groupings are a phone's own), 9123 4567 (spaces only: with a
 * hyphen it is a time span, "0730-1500"). Dots never: those are dates. Norwegian numbers
 * start with 2–9; hospital extensions have 4–5 digits and never reach here.
 */
function phoneShaped(groups: Group[]): boolean {
  const digits = groups.map((g) => g.digits).join("");
  if (digits.length !== 8 || digits[0]! < "2") return false;
  const lengths = groups.map((g) => g.digits.length);
  const separators = groups.slice(1).map((g) => g.separator);
  if (sameLengths(lengths, [8])) return true;
  if (sameLengths(lengths, [3, 2, 3]) || sameLengths(lengths, [2, 2, 2, 2])) {
    return allSame(separators) && separatorsIn(separators, " \u00a0-");
  }
  return (
    sameLengths(lengths, [4, 4]) &&
    separatorsIn(separators, " \u00a0") &&
    !(isClockTime(groups[0]!.digits) && isClockTime(groups[1]!.digits))
  );
}

/**
 * A phone number after +47 or 0047. The prefix is a strong sign, so any grouping of the
 * eight digits counts.
 */
function prefixedPhone(text: string, groups: Group[]): boolean {
  const digits = groups.map((g) => g.digits).join("");
  const first = groups[0]!;
  const plus =
    text[first.start - 1] === "+" || (text[first.start - 1] === " " && text[first.start - 2] === "+");
  if (plus && digits.length === 10 && first.digits.startsWith("47")) return digits[2]! >= "2";
  if (digits.length === 12 && first.digits.startsWith("0047")) return digits[4]! >= "2";
  return false;
}

/** What a window of whole groups is, if anything. An 11-digit number is tried as an id first. */
function classifyNumber(text: string, groups: Group[]): PrivacyKind | null {
  const first = groups[0]!;
  const last = groups[groups.length - 1]!;
  if (!standsAlone(text, first.start, last.end)) return null;
  const digits = groups.map((g) => g.digits).join("");
  const lengths = groups.map((g) => g.digits.length);
  const separators = groups.slice(1).map((g) => g.separator);
  if (digits.length === 11) {
    if (idShaped(lengths, separators) && isValidNationalId(digits)) return "nationalId";
    if (accountShaped(lengths, separators) && isValidAccountNumber(digits)) return "accountNumber";
  }
  if (digits.length >= 13 && digits.length <= 19 && cardShaped(lengths, separators) && luhnValid(digits)) {
    return "cardNumber";
  }
  if (prefixedPhone(text, groups) || phoneShaped(groups)) return "phone";
  return null;
}

/**
 * A run printed like a card number ("4111 1111 1111 1112") is a card or nothing: its pieces
 * are not phone numbers when the Luhn check fails.
 */
function looksLikeCard(groups: Group[]): boolean {
  const digits = groups.reduce((n, g) => n + g.digits.length, 0);
  return (
    groups.length >= 3 &&
    digits >= 13 &&
    digits <= 19 &&
    groups.slice(0, -1).every((g) => g.digits.length === 4)
  );
}

/** The longest group count worth trying: "0047 91 23 45 67" has five groups, cards up to five. */
const maxWindowGroups = 5;

function findNumbers(text: string, findings: PrivacyFinding[]): void {
  for (const match of text.matchAll(digitRun)) {
    const groups = groupsOf(match[0], match.index);
    if (looksLikeCard(groups)) {
      const kind = classifyNumber(text, groups);
      if (kind) push(findings, kind, groups[0]!.start, groups[groups.length - 1]!.end);
      continue;
    }
    // Digits before each group, so windows of a length nothing has (a date, "1.2.3") are
    // skipped without building them.
    const before = [0];
    for (const g of groups) before.push(before[before.length - 1]! + g.digits.length);
    // Longest window first from each start, so "010190 12345" is one id, not two numbers.
    let i = 0;
    while (i < groups.length) {
      let found = false;
      for (let j = Math.min(groups.length, i + maxWindowGroups); j > i; j--) {
        const digits = before[j]! - before[i]!;
        if (digits < 8 || digits === 9 || digits > 19) continue;
        const window = groups.slice(i, j);
        const kind = classifyNumber(text, window);
        if (!kind) continue;
        const start =
          kind === "phone" && text[window[0]!.start - 1] === "+" ? window[0]!.start - 1 : window[0]!.start;
        push(findings, kind, start, window[window.length - 1]!.end);
        i = j;
        found = true;
        break;
      }
      if (!found) i += 1;
    }
  }
}

// ---------------------------------------------------------------------------------------
// E-mail addresses

const localChar = /[\p{L}\d._%+-]/u;
const domainChar = /[\p{L}\d.-]/u;
const topLevelDomain = /\.\p{L}{2,}$/u;

/**
 * Found from each "@" outwards rather than with one big pattern, which would retry the local
 * part from every letter of a long word: linear in the text.
 */
function findEmails(text: string, findings: PrivacyFinding[]): void {
  let at = text.indexOf("@");
  while (at !== -1) {
    let start = at;
    while (start > 0 && localChar.test(text[start - 1]!)) start -= 1;
    let end = at + 1;
    while (end < text.length && domainChar.test(text[end]!)) end += 1;
    while (end > at + 1 && (text[end - 1] === "." || text[end - 1] === "-")) end -= 1;
    const domain = text.slice(at + 1, end);
    if (start < at && topLevelDomain.test(domain) && !domain.startsWith("."))
      push(findings, "email", start, end);
    at = text.indexOf("@", end > at ? end : at + 1);
  }
}

// ---------------------------------------------------------------------------------------
// Words: addresses, names and medical terms

interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

/** The runs of letters in the text, in order. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const letter = i < text.length && isLetterCode(text.charCodeAt(i));
    if (letter && start < 0) start = i;
    else if (!letter && start >= 0) {
      const word = text.slice(start, i);
      words.push({ text: word, lower: word.toLowerCase(), start, end: i });
      start = -1;
    }
  }
  return words;
}

const capitalised = (word: string) => word[0] !== word[0]!.toLowerCase();
const titleCase = (word: string) => capitalised(word) && word.slice(1) !== word.slice(1).toUpperCase();

/**
 * Street words that end a street name. Lower-case street names ("storgata 12") count only
 * with the unmistakable endings; the softer ones (-plass, -bakken, -lia) are everyday words
 * too ("sengeplass 4", "parkeringsplass 12"), so they need the capital a street name has.
 */
const strongStreetEndings = ["veien", "vegen", "gata", "gaten", "gate", "vei", "veg"];
const capitalStreetEndings = [
  ...strongStreetEndings,
  "stien",
  "sti",
  "plassen",
  "plass",
  "allé",
  "alleen",
  "alléen",
  "alle",
  "bakken",
  "svingen",
  "torget",
  "tunet",
  "terrasse",
  "terrassen",
  "brygge",
  "brygga",
  "kaia",
  "lia",
  "åsen",
  "haugen",
  "kroken",
  "jordet",
];
/** The second word of "Karl Johans gate 1", "Kong Oscars gate", "Thereses gate". */
const separateStreetWords = new Set(["gate", "gata", "vei", "veg", "allé", "alle", "plass", "terrasse"]);
/** "Bygdøy allé 23": an allé takes its name as it is, without the genitive s. */
const alleys = new Set(["allé", "alle"]);
/** The short forms in addresses: "Kirkegt. 5", "Fjellvn. 3" (a street name, so capitalised). */
const abbreviatedStreetEndings = ["gt", "vn"];

/** " 12", " 12B", " 12 B" after a street word; not " 12.03", " 12:30" or " 12,5". */
const houseNumber = /[ \u00a0]\d{1,4}(?:(?:[A-Za-z]|[ \u00a0][A-Z])(?![\p{L}\d]))?(?![\d\p{L}]|[.,:]\d)/uy;
const postcodeAfterStreet = /,?[ \u00a0]*\d{4}[ \u00a0]+\p{Lu}\p{L}+/uy;
const postcodeAndPlace = /(?<![\p{L}\d.,:/-])\d{4}[ \u00a0]+(\p{L}+)/gu;

/** A capital that only starts a sentence ("Parkeringsplass 12 er …") says nothing. */
const endsWithStreetWord = (text: string, word: Word) => {
  const named = capitalised(word.text) && !startsSentence(text, word.start);
  const endings = named ? capitalStreetEndings : strongStreetEndings;
  return endings.some((e) => word.lower.endsWith(e) && word.lower.length >= e.length + 2);
};

function findAddresses(text: string, words: Word[], findings: PrivacyFinding[]): void {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let start = -1;
    let numberAt = word.end;
    // Every street form here has a house number after the word or its full stop.
    if (!isDigit(text[word.end + 1]) && !isDigit(text[word.end + 2])) continue;
    if (endsWithStreetWord(text, word)) start = word.start;
    else if (separateStreetWords.has(word.lower) && i > 0) {
      // "Karl Johans gate": a capitalised genitive right before it.
      let k = i - 1;
      const name = words[k]!;
      const named = name.lower.endsWith("s") || alleys.has(word.lower);
      if (capitalised(name.text) && named && name.end + 1 === word.start) {
        // One more capitalised word may belong to it ("Karl Johans", "Kong Oscars"), but not
        // one that only starts the sentence ("Til Thereses gate 3").
        const first = words[k - 1];
        if (
          first &&
          capitalised(first.text) &&
          first.end + 1 === name.start &&
          (!startsSentence(text, first.start) || firstNames.has(first.lower))
        ) {
          k -= 1;
        }
        start = words[k]!.start;
      }
    } else if (
      text[word.end] === "." &&
      capitalised(word.text) &&
      !startsSentence(text, word.start) &&
      abbreviatedStreetEndings.some((e) => word.lower.endsWith(e) && word.lower.length >= e.length + 3)
    ) {
      // Capitalised inside a sentence, so "har sagt. 3 av dem …" stays clean.
      start = word.start;
      numberAt = word.end + 1;
    }
    if (start < 0) continue;
    houseNumber.lastIndex = numberAt;
    const number = houseNumber.exec(text);
    if (!number) continue;
    let end = numberAt + number[0].length;
    postcodeAfterStreet.lastIndex = end;
    const postcode = postcodeAfterStreet.exec(text);
    if (postcode) end += postcode[0].length;
    push(findings, "address", start, end);
  }
  for (const match of text.matchAll(postcodeAndPlace)) {
    const place = match[1]!;
    if (!capitalised(place) || !postalPlaces.has(place.toLowerCase())) continue;
    if (findings.some((f) => f.kind === "address" && f.start <= match.index && match.index < f.end)) continue;
    push(findings, "address", match.index, match.index + match[0].length);
  }
}

/** Abbreviations whose full stop does not end a sentence ("Dr. Berg", "kl. 14"). */
const abbreviations = new Set([
  "dr",
  "kl",
  "ca",
  "nr",
  "pr",
  "st",
  "evt",
  "ev",
  "jf",
  "mht",
  "ang",
  "spl",
  "adr",
  "tlf",
]);
/** What may stand between a line start and its first word: bullets, quotes, brackets. */
const leading = new Set(["-", "–", "*", "•", '"', "«", "'", "(", "["]);

/** Whether a capital at `start` may just be the start of a sentence. */
function startsSentence(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0) {
    const char = text[i]!;
    if (char === "\n") return true;
    if (char.trim() === "" || leading.has(char)) i -= 1;
    else break;
  }
  if (i < 0) return true;
  const char = text[i]!;
  if (char === "!" || char === "?" || char === ":") return true;
  if (char !== ".") return false;
  let k = i;
  while (k > 0 && isLetter(text[k - 1])) k -= 1;
  return !abbreviations.has(text.slice(k, i).toLowerCase());
}

/** A common name, also in the genitive ("Karis mor"), except a saint's hospital ("St. Olavs"). */
function nameOf(text: string, word: Word): string | null {
  if (firstNames.has(word.lower) || lastNames.has(word.lower)) return word.lower;
  if (word.lower.length < 4 || !word.lower.endsWith("s")) return null;
  const stem = word.lower.slice(0, -1);
  if (!firstNames.has(stem) && !lastNames.has(stem)) return null;
  return /\b(?:St|Sankt)\.? $/.test(text.slice(Math.max(0, word.start - 7), word.start)) ? null : stem;
}

/**
 * Names count only capitalised. A name that is also a common word ("Per", "Liv", "Berg",
 * "Tom") counts only in Title case and where the capital means a name: inside a sentence, or
 * before another name ("Per Hansen").
 */
function findNames(
  text: string,
  words: Word[],
  skip: (w: Word) => boolean,
  findings: PrivacyFinding[],
): void {
  const names = words.map((w) => (capitalised(w.text) && !skip(w) ? nameOf(text, w) : null));
  const counted: { name: string; word: Word }[] = [];
  for (let i = 0; i < words.length; i++) {
    const name = names[i];
    const word = words[i]!;
    if (!name) continue;
    if (ambiguousNames.has(name)) {
      if (!titleCase(word.text)) continue;
      const next = words[i + 1];
      const beforeName =
        next !== undefined && names[i + 1] && next.start === word.end + 1 && titleCase(next.text);
      if (startsSentence(text, word.start) && !beforeName) continue;
    }
    counted.push({ name, word });
  }
  if (new Set(counted.map((c) => c.name)).size < 2) return;
  for (const { word } of counted) push(findings, "names", word.start, word.end);
}

const inflections = ["ene", "ane", "ne", "en", "et", "er", "ar", "a", "e", "n", "s", "t"];

/**
 * Every term with every ending, made once: one lookup per word while typing. Short terms
 * (hiv, uvi, tbc) only as written: "hive" is a verb.
 */
const inflectedTerms = new Map<string, string>();
for (const term of medicalTerms) {
  if (term.length < 4) continue;
  for (const ending of inflections) {
    if (!inflectedTerms.has(term + ending)) inflectedTerms.set(term + ending, term);
  }
}
for (const term of medicalTerms) inflectedTerms.set(term, term);

/** Long enough to be a compound: two letters before the shortest head. */
const compoundMinLength = 2 + Math.min(...medicalCompoundHeads.map((h) => h.length));

/** The term a word is, tolerating Norwegian endings ("pneumonien", "dialysen") and compounds. */
function medicalTermOf(lower: string): string | null {
  const term = inflectedTerms.get(lower);
  if (term !== undefined) return term;
  if (lower.length < compoundMinLength) return null;
  for (const head of medicalCompoundHeads) {
    // The head near the end, followed by at most an ending: "lungekreften".
    const at = lower.indexOf(head, Math.max(2, lower.length - head.length - 3));
    if (at >= 2) return lower.slice(0, at + head.length);
  }
  return null;
}

function findMedicalTerms(words: Word[], skip: (w: Word) => boolean, findings: PrivacyFinding[]): void {
  const found: { term: string; word: Word }[] = [];
  for (const word of words) {
    if (word.lower.length < 2 || skip(word)) continue;
    const term = medicalTermOf(word.lower);
    if (term) found.push({ term, word });
  }
  if (new Set(found.map((f) => f.term)).size < 2) return;
  for (const { word } of found) push(findings, "medicalTerms", word.start, word.end);
}

// ---------------------------------------------------------------------------------------

function push(findings: PrivacyFinding[], kind: PrivacyKind, start: number, end: number): void {
  findings.push({ kind, confidence: confidenceOf[kind], start, end });
}

/**
 * A web address: the digits and "@" in a Teams or journal link ("…/meetup-join/19%3ameeting_…
 * @thread.v2/0?context=…") are no phone number or e-mail address. Same shape as chat-links.ts.
 */
const webAddress = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;

/** The personal data a draft seems to hold, in text order, and the highest confidence. */
export function checkPrivacy(text: string): PrivacyResult {
  // 1 where nothing counts: inside a web address; later also inside an e-mail or street
  // address, whose words are not names or terms of their own.
  const covered = new Uint8Array(text.length);
  for (const m of text.matchAll(webAddress)) covered.fill(1, m.index, m.index + m[0].length);
  const found: PrivacyFinding[] = [];
  findNumbers(text, found);
  findEmails(text, found);
  const words = wordsOf(text);
  findAddresses(text, words, found);
  const findings = found.filter((f) => covered[f.start] !== 1);
  for (const f of findings) if (f.kind === "email" || f.kind === "address") covered.fill(1, f.start, f.end);
  const skip = (w: Word) => covered[w.start] === 1;
  findNames(text, words, skip, findings);
  findMedicalTerms(words, skip, findings);
  findings.sort((a, b) => a.start - b.start || b.end - a.end);
  let confidence: PrivacyConfidence | null = null;
  for (const f of findings) {
    if (confidence === null || rank[f.confidence] > rank[confidence]) confidence = f.confidence;
  }
  return { confidence, findings };
}
