/**
 * Reading the dates people write ('c. 1360-1332 BC', 'early 7th century AD', '40,000 years ago')
 * into a year range (docs/decisions/0006-date-model.md).
 *
 * Years are signed with no year 0, as historians count: 1 BC is -1, AD 1 is 1 (not ISO 8601's
 * astronomical numbering, where 0000 is 1 BC). A range is inclusive: [start, end], start <= end.
 * Rules a reader should know:
 * - circa widens the range on both sides: by 20 years for a year or decade, 50 for a century, 200
 *   for a millennium;
 * - early / mid / late take the first, middle and last third of a century;
 * - 'before X' is the century up to X, 'after X' the century from X; 'from X to Y' and 'between X
 *   and Y' are the range itself;
 * - 'N years ago' and 'N BP' count back from 1950 (radiocarbon's present), and a round figure is an
 *   approximation: N stands for N give or take half the place of its last significant digit, where
 *   the trailing zeros of a whole number are not significant and zeros written after a decimal point
 *   are ('40,000 years ago': the ten thousands, 45,000-35,000 years ago; '1,500': the hundreds,
 *   1,550-1,450; '250': the tens, 255-245; '12,500 BP': 12,550-12,450 BP; '1.80 million': the ten
 *   thousands; '1,234' and a single digit: that year), or give or take a tenth of N with circa when
 *   that is wider; the precision is that place (year ... millennium, then 'more');
 * - 'NNN0s' is a decade, 'NN00s' a century;
 * - a shorter second year takes the first's leading digits ('1914-18'), and a range written
 *   backwards is read between its ends ('AD 150-100', '1990-85').
 * Shown (formatDateRange), a range read from a round count at a millennium or coarser is written back
 * as years ago ('45,000 - 35,000 years ago'), every other range as calendar years.
 */
export const DATE_PRECISIONS = ['year', 'decade', 'century', 'millennium', 'more'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
export const DATE_QUALIFIERS = ['exact', 'circa', 'before', 'after'] as const;
export type DateQualifier = (typeof DATE_QUALIFIERS)[number];

export interface DateRange {
  start: number;
  end: number;
  precision: DatePrecision;
  qualifier: DateQualifier;
}

/** The present that 'years ago' and 'BP' count back from. */
export const BEFORE_PRESENT_YEAR = 1950;

const CIRCA_WIDTH: Record<Exclude<DatePrecision, 'more'>, number> = { year: 20, decade: 20, century: 50, millennium: 200 };

/** A reading before its qualifier is applied: was a second end written ('1200 to 1300')? */
interface Reading {
  range: DateRange;
  twoEnds: boolean;
}

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty-first': 21,
};

/** From a signed count of years (negative before Christ) to the historians' year: no year 0. */
function fromOffset(value: number): number {
  return value <= 0 ? value - 1 : value;
}

function yearOf(value: number, era: 'bc' | 'ad'): number {
  return era === 'bc' ? -value : value;
}

function range(start: number, end: number, precision: DatePrecision, qualifier: DateQualifier = 'exact'): DateRange {
  return start <= end ? { start, end, precision, qualifier } : { start: end, end: start, precision, qualifier };
}

/** Adds `years` to a historians' year, stepping over the missing year 0. */
function shift(year: number, years: number): number {
  const astronomical = year < 0 ? year + 1 : year;
  return fromOffset(astronomical + years);
}

function widen(value: DateRange): DateRange {
  // Only counts back from the present are as coarse as 'more', and they take circa as they are read.
  const width = value.precision === 'more' ? 0 : CIRCA_WIDTH[value.precision];
  return range(shift(value.start, -width), shift(value.end, width), value.precision, 'circa');
}

function century(n: number, era: 'bc' | 'ad', part?: 'early' | 'mid' | 'late'): DateRange {
  // AD: the 7th century is 601-700; BC: the 3rd century BC is 300-201 BC.
  let [first, last] = era === 'ad' ? [(n - 1) * 100 + 1, n * 100] : [-(n * 100), -((n - 1) * 100 + 1)];
  if (part === 'early') last = first + 32;
  if (part === 'mid') [first, last] = [first + 33, first + 65];
  if (part === 'late') first = first + 66;
  return range(first, last, 'century');
}

function millennium(n: number, era: 'bc' | 'ad'): DateRange {
  return era === 'ad' ? range((n - 1) * 1000 + 1, n * 1000, 'millennium') : range(-(n * 1000), -((n - 1) * 1000 + 1), 'millennium');
}

/**
 * A count of years as written ('40,000', '1.8' million) and its uncertainty: half the place of its
 * last significant digit (the nearest ten thousand for '40,000', a hundred thousand for '1.8
 * million', none for '1949'), or a tenth of the count with circa when that is wider. Zeros after a
 * decimal point are significant ('1.80 million'); trailing zeros of a whole number are not.
 */
function figure(written: string, unit: number, circa: boolean): { count: number; step: number; give: number } | null {
  const digits = written.replace(/,/g, '');
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(digits);
  if (!parts?.[1]) return null;
  const [, whole, decimals] = parts;
  const count = Math.round(Number(digits) * unit);
  if (!Number.isSafeInteger(count) || count <= 0) return null;
  const zeros = whole.length - whole.replace(/0+$/, '').length;
  const step = Math.max(1, decimals ? unit / 10 ** decimals.length : unit * 10 ** Math.min(zeros, whole.length - 1));
  const give = Math.max(step >= 10 ? step / 2 : 0, circa ? Math.round(count / 10) : 0);
  return { count, step, give };
}

/** The precision a count's last significant place gives it: a year, a decade, ... or coarser. */
function precisionOfStep(step: number): DatePrecision {
  if (step < 10) return 'year';
  if (step < 100) return 'decade';
  if (step < 1000) return 'century';
  return step < 10_000 ? 'millennium' : 'more';
}

function ordinal(text: string): number | null {
  const digits = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(text);
  if (digits) return Number(digits[1]);
  return ORDINAL_WORDS[text] ?? null;
}

const ERA = String.raw`(b\.?\s?c\.?\s?e\.?|b\.?\s?c\.?|a\.?\s?d\.?|c\.?\s?e\.?)`;
const ORD = String.raw`(\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first)`;
const DASH = String.raw`\s*(?:-|–|—|to|until)\s*`;

function eraOf(marker: string | undefined): 'bc' | 'ad' | undefined {
  if (!marker) return undefined;
  return /^b/.test(marker.replace(/[.\s]/g, '')) ? 'bc' : 'ad';
}

/**
 * The text with its qualifier word removed, and which qualifier it was. 'from' is 'after' only when
 * one date follows it: 'from 1200 to 1300' is the range (readDate). 'between X and Y' is X to Y.
 */
function qualifierOf(text: string): { rest: string; qualifier: DateQualifier; from?: true } {
  const circa = /^(?:c\.|ca\.|c(?=\s?\d)|circa|about|around|approximately|approx\.)\s*/.exec(text);
  if (circa) return { rest: text.slice(circa[0].length), qualifier: 'circa' };
  const before = /^(?:before|pre-|pre\s|by|until)\s*/.exec(text);
  if (before) return { rest: text.slice(before[0].length), qualifier: 'before' };
  const from = /^from\s+/.exec(text);
  if (from) return { rest: text.slice(from[0].length), qualifier: 'after', from: true };
  const after = /^(?:after|post-|post\s|since)\s*/.exec(text);
  if (after) return { rest: text.slice(after[0].length), qualifier: 'after' };
  const between = /^between\s+(.+?)\s+and\s+(.+)$/.exec(text);
  if (between) return { rest: `${between[1]} to ${between[2]}`, qualifier: 'exact' };
  return { rest: text, qualifier: 'exact' };
}

function readPlain(text: string, circa: boolean): Reading | null {
  const one = (value: DateRange): Reading => ({ range: value, twoEnds: false });
  let match: RegExpExecArray | null;

  // 'c. 1.8 million years ago', '40,000 years ago', '10,000 BP', '1.2-1.4 million years ago'
  match = new RegExp(String.raw`^([\d.,]+)(?:${DASH}([\d.,]+))?\s*(million|thousand)?\s*(?:years?\s+ago|bp|years?\s+bp)$`).exec(text);
  if (match?.[1]) {
    const unit = match[3] === 'million' ? 1_000_000 : match[3] === 'thousand' ? 1000 : 1;
    const [first, second] = [match[1], match[2] ?? match[1]].map((part) => figure(part, unit, circa));
    if (!first || !second) return null;
    const [older, younger] = first.count >= second.count ? [first, second] : [second, first];
    const start = fromOffset(BEFORE_PRESENT_YEAR - (older.count + older.give));
    const end = fromOffset(BEFORE_PRESENT_YEAR - (younger.count - younger.give));
    const precision = precisionOfStep(Math.max(first.step, second.step));
    return { range: range(start, end, precision, circa ? 'circa' : 'exact'), twoEnds: match[2] !== undefined };
  }

  // '3rd century BC', 'early 7th century AD', 'mid-14th century', '3rd-2nd century BC'
  match = new RegExp(String.raw`^(?:(early|mid|late)[-\s]?)?${ORD}(?:${DASH}(?:(early|mid|late)[-\s]?)?${ORD})?\s+centur(?:y|ies)(?:\s+${ERA})?$`).exec(text);
  if (match?.[2]) {
    const era = eraOf(match[5]) ?? 'ad';
    const first = ordinal(match[2]);
    const second = match[4] ? ordinal(match[4]) : null;
    if (!first || (match[4] && !second)) return null;
    const from = century(first, era, match[1] as 'early' | 'mid' | 'late' | undefined);
    if (!second) return one(from);
    const to = century(second, era, match[3] as 'early' | 'mid' | 'late' | undefined);
    return { range: range(Math.min(from.start, to.start), Math.max(from.end, to.end), 'century'), twoEnds: true };
  }

  // '2nd millennium BC'
  match = new RegExp(String.raw`^${ORD}\s+millenni(?:um|a)(?:\s+${ERA})?$`).exec(text);
  if (match?.[1]) {
    const n = ordinal(match[1]);
    return n ? one(millennium(n, eraOf(match[2]) ?? 'ad')) : null;
  }

  // '1920s' (a decade), '1900s' (a century)
  match = /^(\d{2,3}0)'?s$/.exec(text);
  if (match?.[1]) {
    const start = Number(match[1]);
    return one(start % 100 === 0 ? range(start, start + 99, 'century') : range(start, start + 9, 'decade'));
  }

  // 'AD 50-100', '1360-1332 BC', '1200 BC - 1100 BC', '196 BC', '1066', 'AD 79', '1500 CE'
  match = new RegExp(String.raw`^(?:${ERA}\s*)?(\d{1,5})(?:\s*${ERA})?(?:${DASH}(?:${ERA}\s*)?(\d{1,5})(?:\s*${ERA})?)?$`).exec(text);
  if (match?.[2]) {
    const lastEra = eraOf(match[6]) ?? eraOf(match[4]);
    const firstEra = eraOf(match[1]) ?? eraOf(match[3]) ?? lastEra ?? 'ad';
    const a = Number(match[2]);
    if (a === 0) return null;
    const start = yearOf(a, firstEra);
    if (!match[5]) return one(range(start, start, 'year'));
    let b = Number(match[5]);
    // '1360-32 BC' or '1914-18' (the era written once): a shortened second year takes the first's
    // leading digits, unless only the number as written runs forward in time ('1320-50 BC'). When
    // neither does ('1990-85'), the range was written backwards and is read between its ends.
    if (!match[3] && !match[4] && match[5].length < match[2].length) {
      const scale = 10 ** match[5].length;
      const completed = Math.floor(a / scale) * scale + b;
      const forward = (year: number) => (firstEra === 'bc' ? year < a : year > a);
      if (forward(completed) || !forward(b)) b = completed;
    }
    if (b === 0) return null;
    return { range: range(start, yearOf(b, lastEra ?? firstEra), 'year'), twoEnds: true };
  }
  return null;
}

/**
 * A date followed by words about it ('13th century copy of a 4th-5th century original'): the
 * longest leading run of words that reads as a date is the object's own.
 */
function readLeadingDate(text: string, circa: boolean): Reading | null {
  const words = text.split(' ');
  for (let count = words.length - 1; count > 0; count -= 1) {
    const lead = words.slice(0, count).join(' ').replace(/[,;:]$/, '');
    const found = readPlain(lead, circa);
    if (found) return found;
  }
  return null;
}

/** Full dates ('4 November 1922', '1922-11-04', 'June 1503') are read as their year. */
function yearOfCalendarDate(text: string): string | null {
  const iso = /^(\d{4})-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.exec(text);
  if (iso?.[1]) return iso[1];
  const months = 'january|february|march|april|may|june|july|august|september|october|november|december';
  const written = new RegExp(String.raw`^(?:\d{1,2}\s+)?(?:${months})\s+(?:\d{1,2},?\s+)?(\d{3,4})$`).exec(text);
  return written?.[1] ?? null;
}

/**
 * The year range a written date means, or null when it cannot be read (kept as written and shown
 * as 'Undated', never refused).
 */
export function readDate(text: string): DateRange | null {
  const normal = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[‐‑‒]/g, '-');
  if (normal.length === 0 || normal.length > 80) return null;
  const { rest, qualifier, from } = qualifierOf(normal);
  const circa = qualifier === 'circa';
  const reading = readPlain(yearOfCalendarDate(rest) ?? rest, circa) ?? readLeadingDate(rest, circa);
  if (!reading) return null;
  const plain = reading.range;
  // 'from 1200 to 1300' is the range from one to the other; 'from 1200' alone is after 1200.
  if (from && reading.twoEnds) return plain;
  if (circa) return plain.qualifier === 'circa' ? plain : widen(plain);
  if (qualifier === 'before') return range(shift(plain.start, -100), plain.start, plain.precision, 'before');
  if (qualifier === 'after') return range(plain.end, shift(plain.end, 100), plain.precision, 'after');
  return plain;
}

/**
 * Thousands marked from `from` up: years from 10,000 ('1360 BC', '43,051 BC'), counts of years from
 * 1,000 ('1,500 years ago').
 */
function digits(value: number, from = 10_000): string {
  // By hand: toLocaleString builds a number format on every call, and a list of cards calls this for
  // each of them (a long task on a slow phone).
  return value >= from ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : String(value);
}

/** '1360 BC', 'AD 50', '1500': AD is written only for the first millennium, where it helps. */
export function formatYear(year: number): string {
  if (year < 0) return `${digits(-year)} BC`;
  return year < 1000 ? `AD ${year}` : String(year);
}

/** How many years before 1950 (BEFORE_PRESENT_YEAR) a historians' year is: 43,051 BC is 45,000. */
function yearsBeforePresent(year: number): number {
  return BEFORE_PRESENT_YEAR - (year < 0 ? year + 1 : year);
}

/**
 * A range read from a round count back from the present, written back as one ('45,000 - 35,000
 * years ago', '1.98 - 1.62 million years ago'), or undefined for any other range. The rule: a range
 * at the precision of a millennium or coarser whose two ends both lie on whole hundreds of years
 * before 1950. Such a count is given to its significant figures (readDate), so its ends are round
 * counted back, while as calendar years they are not ('43,051 BC - 33,051 BC' shows a precision the
 * date never had, issue #32). A calendar range of that precision never qualifies: its ends are
 * whole hundreds of calendar years (X00 or X01), which lie 49 or 50 years off a whole hundred
 * counted back (the 2nd millennium BC, 2000-1001 BC, is 3949-2950 years ago), widened or moved by
 * whole centuries (circa, before, after) or not. Counts to the century or finer ('12,500 BP',
 * 12,550-12,450 years ago) cannot be told from calendar centuries this way and stay calendar years.
 */
function formatYearsAgo({ start, end }: Pick<DateRange, 'start' | 'end'>): string | undefined {
  const [older, younger] = [yearsBeforePresent(start), yearsBeforePresent(end)];
  if (older % 100 !== 0 || younger % 100 !== 0 || younger < 0) return undefined;
  if (younger >= 1_000_000) {
    const millions = (value: number) => String(Number((value / 1_000_000).toFixed(4)));
    return older === younger ? `${millions(older)} million years ago` : `${millions(older)} - ${millions(younger)} million years ago`;
  }
  const count = (value: number) => digits(value, 1000);
  return older === younger ? `${count(older)} years ago` : `${count(older)} - ${count(younger)} years ago`;
}

/**
 * '1360 BC - 1332 BC'; a one-year range is written once. With its precision, a range read from a
 * round count back from the present is written as years ago (formatYearsAgo): '45,000 - 35,000
 * years ago' for '40,000 years ago', not '43,051 BC - 33,051 BC'.
 */
export function formatDateRange(value: Pick<DateRange, 'start' | 'end'> & Partial<Pick<DateRange, 'precision'>>): string {
  const coarse = value.precision === 'millennium' || value.precision === 'more';
  const yearsAgo = coarse ? formatYearsAgo(value) : undefined;
  if (yearsAgo) return yearsAgo;
  return value.start === value.end ? formatYear(value.start) : `${formatYear(value.start)} - ${formatYear(value.end)}`;
}

/** How an artifact whose date could not be read is shown. */
export const UNDATED = 'Undated';

/** The range the server read from an artifact's date, as shown beside the text ('Undated' when none). */
export function datingLabel(dating: (Pick<DateRange, 'start' | 'end'> & Partial<Pick<DateRange, 'precision'>>) | null | undefined): string {
  return dating ? formatDateRange(dating) : UNDATED;
}

/**
 * A year as ISO 8601 writes it (astronomical numbering: 1 BC is 0000, 2 BC is -0001), at least four
 * digits, with a sign past 9999 or before year 0: the JSON-LD of the details page and of open data.
 */
export function isoYear(year: number): string {
  const astronomical = year < 0 ? year + 1 : year;
  const digits = String(Math.abs(astronomical)).padStart(4, '0');
  if (astronomical < 0) return `-${digits}`;
  return astronomical > 9999 ? `+${digits}` : digits;
}
