import { formatDateRange, formatYear, readDate, type DatePrecision, type DateQualifier } from './dates';

type Case = [text: string, start: number, end: number, precision: DatePrecision, qualifier?: DateQualifier];

// The forms the collection must read, then forms found in collection records. Where they came from
// is noted per group; years are signed with no year 0 (1 BC is -1).
const CASES: Case[] = [
  // The forms the site promises to read.
  ['196 BC', -196, -196, 'year'],
  ['c. 1323 BC', -1343, -1303, 'year', 'circa'],
  ['c. 1360-1332 BC', -1380, -1312, 'year', 'circa'],
  ['1360–1332 BCE', -1360, -1332, 'year'],
  ['AD 50-100', 50, 100, 'year'],
  ['c. AD 50-100', 30, 120, 'year', 'circa'],
  ['3rd century BC', -300, -201, 'century'],
  ['early 7th century AD', 601, 633, 'century'],
  ['mid-14th century', 1334, 1366, 'century'],
  ['late 15th century', 1467, 1500, 'century'],
  ['2nd millennium BC', -2000, -1001, 'millennium'],
  ['c. 1.8 million years ago', -1978051, -1618051, 'more', 'circa'],
  ['40,000 years ago', -38051, -38051, 'more'],
  ['1920s', 1920, 1929, 'decade'],
  ['1500', 1500, 1500, 'year'],
  ['circa 1500 CE', 1480, 1520, 'year', 'circa'],
  ['1066', 1066, 1066, 'year'],
  // The British Museum's production dates.
  ['1800BC-1700BC', -1800, -1700, 'year'],
  ['c.1503', 1483, 1523, 'year', 'circa'],
  ['AD 43-410', 43, 410, 'year'],
  ['5th century BC', -500, -401, 'century'],
  ['1st century AD', 1, 100, 'century'],
  ['1st century BC', -100, -1, 'century'],
  ['early 1st century AD', 1, 33, 'century'],
  ['late 1st century BC', -34, -1, 'century'],
  ['3rd-2nd century BC', -300, -101, 'century'],
  ['14th-15th century', 1301, 1500, 'century'],
  // The Met's object dates.
  ['ca. 1390–1352 B.C.', -1410, -1332, 'year', 'circa'],
  ['ca. 2575–2465 B.C.', -2595, -2445, 'year', 'circa'],
  ['A.D. 1–100', 1, 100, 'year'],
  ['1st–2nd century A.D.', 1, 200, 'century'],
  ['ca. 1500', 1480, 1520, 'year', 'circa'],
  ['1867', 1867, 1867, 'year'],
  ['1750s', 1750, 1759, 'decade'],
  // The Portable Antiquities Scheme's periods and numeric dates.
  ['AD 1066 - AD 1540', 1066, 1540, 'year'],
  ['800 BC - 43 BC', -800, -43, 'year'],
  ['2500 BC - 800 BC', -2500, -800, 'year'],
  ['AD 1500 - AD 1600', 1500, 1600, 'year'],
  ['before 1500', 1400, 1500, 'year', 'before'],
  ['after 1200', 1200, 1300, 'year', 'after'],
  ['pre-1066', 966, 1066, 'year', 'before'],
  ['post-1540', 1540, 1640, 'year', 'after'],
  // Europeana and Wikidata-style records.
  ['1922-11-04', 1922, 1922, 'year'],
  ['4 November 1922', 1922, 1922, 'year'],
  ['June 1503', 1503, 1503, 'year'],
  ['1914-18', 1914, 1918, 'year'],
  ['1360-32 BC', -1360, -1332, 'year'],
  ['10,000 BP', -8051, -8051, 'more'],
  ['c. 3200 BC', -3220, -3180, 'year', 'circa'],
  ['about 1000 BC', -1020, -980, 'year', 'circa'],
  ['third century AD', 201, 300, 'century'],
  ['twentieth century', 1901, 2000, 'century'],
  ['1900s', 1900, 1999, 'century'],
  ['1st millennium AD', 1, 1000, 'millennium'],
  ['AD 79', 79, 79, 'year'],
  ['500 CE', 500, 500, 'year'],
  ['c. 2600-2500 BCE', -2620, -2480, 'year', 'circa'],
  ['1 BC-AD 1', -1, 1, 'year'],
  ['c. 1 BC', -21, 20, 'year', 'circa'],
];

// Also seen in records, and not guessed: shown as 'Undated' rather than read wrongly.
const UNREADABLE = ['7thC', 'second half 2nd millennium B.C.', 'Unknown', '', '   ', 'Late Bronze Age', 'Medieval', 'n.d.', 'Tang dynasty', '0', '0 BC', 'the day after tomorrow', 'x'.repeat(200)];

describe('readDate: the forms people write', () => {
  test.each(CASES)('%j', (text, start, end, precision, qualifier = 'exact') => {
    expect(readDate(text)).toEqual({ start, end, precision, qualifier });
  });

  test.each(UNREADABLE)('%j is kept as written, with no range', (text) => {
    expect(readDate(text)).toBeNull();
  });

  test('there is no year 0: the year before AD 1 is 1 BC, and ranges step over it', () => {
    expect(readDate('1 BC')).toMatchObject({ start: -1, end: -1 });
    expect(readDate('c. AD 10')).toMatchObject({ start: -11, end: 30 });
    expect(readDate('1949 years ago')).toMatchObject({ start: 1, end: 1 });
    expect(readDate('1950 years ago')).toMatchObject({ start: -1, end: -1 });
  });

  test('a date followed by words about it is read from its leading date', () => {
    expect(readDate('13th century copy of a 4th-5th century original')).toEqual({ start: 1201, end: 1300, precision: 'century', qualifier: 'exact' });
    expect(readDate('Late 10th-early 11th century AD')).toEqual({ start: 967, end: 1033, precision: 'century', qualifier: 'exact' });
    expect(readDate('c. 1.2-1.4 million years ago')).toMatchObject({ qualifier: 'circa', precision: 'more' });
  });
});

describe('formatting a range', () => {
  test('BC and AD as readers expect; one year written once', () => {
    expect(formatYear(-1360)).toBe('1360 BC');
    expect(formatYear(-1_800_000)).toBe('1,800,000 BC');
    expect(formatYear(50)).toBe('AD 50');
    expect(formatYear(1500)).toBe('1500');
    expect(formatDateRange({ start: -1360, end: -1332 })).toBe('1360 BC - 1332 BC');
    expect(formatDateRange({ start: 1066, end: 1066 })).toBe('1066');
  });
});
