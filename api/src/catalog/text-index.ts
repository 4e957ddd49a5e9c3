/**
 * The catalog's full-text index: what the searches need of MiniSearch (decision 0007: BM25+ per
 * field with boosts, every word ANDed, the last one a prefix, words within an edit distance for
 * suggestions), kept in a fraction of its memory (decision 0033).
 *
 * Each word holds one array of small integers, a posting per document and field that contains it:
 * the document's slot, the field and how often the word occurs there, packed into one number. A
 * document's slot indexes typed arrays of its field lengths. Removing a document marks its slot
 * dead; dead postings are skipped when read and swept out once they are a tenth of the index, so
 * a removal needs neither the old texts nor a list of the document's words.
 *
 * Postings are JavaScript arrays while documents are added (8 bytes a number on 64-bit Node, plus
 * room to grow); `compact` packs the longer lists into Int32Arrays of their exact length (4 bytes)
 * and trims the others, and a packed list that gains a posting is an array again until the next
 * compaction.
 */

import { nextRow } from './edit-distance';
import { commonPrefixLength, lowerBound, successorOf } from './sorted-strings';

/** BM25+ as MiniSearch computes it (its defaults: k 1.2, b 0.7, d 0.5). */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** A prefix match's weight, before its length discount (MiniSearch's default 0.375). */
const PREFIX_WEIGHT = 0.375;

/** A posting: (slot * FIELD_SPAN + field) * FREQ_SPAN + frequency, a small integer (< 2^30). */
const FREQ_SPAN = 128;
const FIELD_SPAN = 8;
const MAX_SLOTS = 2 ** 30 / (FIELD_SPAN * FREQ_SPAN);
/** Dead postings are swept when dead slots pass this share of the live ones (and SWEEP_FLOOR). */
const SWEEP_SHARE = 0.1;
const SWEEP_FLOOR = 1024;
/**
 * Lists shorter than this stay arrays when compacted: a typed array's own objects (about 200 bytes)
 * would cost more than the 4 bytes a posting it saves.
 */
const PACKED_FROM = 64;

/** A word's postings: an array while it grows, an exact Int32Array once compacted. */
type Postings = number[] | Int32Array;

const slotOf = (posting: number) => Math.floor(posting / (FIELD_SPAN * FREQ_SPAN));
const fieldOf = (posting: number) => Math.floor(posting / FREQ_SPAN) % FIELD_SPAN;
const frequencyOf = (posting: number) => posting % FREQ_SPAN;

export interface TextIndexOptions<F extends string> {
  fields: readonly F[];
  /** How much a match in each field weighs. */
  boost: Readonly<Record<F, number>>;
  /** A text's words (a field's length is the number of distinct ones, as MiniSearch counts it). */
  tokenize(text: string): string[];
  /** A word as indexed and searched (folded), or null to leave it out. */
  processTerm(word: string): string | null;
}

export class TextIndex<F extends string> {
  private readonly fields: readonly F[];
  private readonly boosts: Float64Array;
  private readonly postings = new Map<string, Postings>();
  /** The words in order, for prefixes; built when first needed, then kept in step. */
  private vocabulary: string[] | null = null;

  private readonly slots = new Map<string, number>();
  /** The id in each slot: null when dead (awaiting a sweep) or free. */
  private ids: (string | null)[] = [];
  private readonly free: number[] = [];
  /** Removed documents' slots, whose postings are still in the lists until the next sweep. */
  private dead: number[] = [];
  private lengths: Uint16Array;
  private readonly lengthSums: Float64Array;

  /** A search's scratch: each slot's score, and the last query word it matched (see `search`). */
  private scores = new Float64Array(0);
  private marks = new Int32Array(0);
  private stamp = 0;

  constructor(private readonly options: TextIndexOptions<F>) {
    if (options.fields.length > FIELD_SPAN) throw new Error(`TextIndex: at most ${FIELD_SPAN} fields`);
    this.fields = options.fields;
    this.boosts = Float64Array.from(options.fields, (field) => options.boost[field]);
    this.lengths = new Uint16Array(0);
    this.lengthSums = new Float64Array(options.fields.length);
  }

  get documentCount(): number {
    return this.slots.size;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  add(id: string, texts: Readonly<Record<F, string>>): void {
    if (this.slots.has(id)) throw new Error(`TextIndex: ${id} is already indexed`);
    const slot = this.claimSlot(id);
    const counts = new Map<string, number[]>();
    this.fields.forEach((field, fieldIndex) => {
      const words = this.options.tokenize(texts[field] ?? '');
      const length = Math.min(new Set(words).size, 0xffff);
      this.lengths[slot * this.fields.length + fieldIndex] = length;
      this.lengthSums[fieldIndex] = (this.lengthSums[fieldIndex] as number) + length;
      for (const word of words) {
        const term = this.options.processTerm(word);
        if (term === null) continue;
        let perField = counts.get(term);
        if (!perField) counts.set(term, (perField = new Array<number>(this.fields.length).fill(0)));
        perField[fieldIndex] = (perField[fieldIndex] as number) + 1;
      }
    });
    // A document's postings of one word sit together, so counting the documents of a word is one pass.
    for (const [term, perField] of counts) {
      const list = this.growable(term);
      perField.forEach((count, fieldIndex) => {
        if (count > 0) list.push((slot * FIELD_SPAN + fieldIndex) * FREQ_SPAN + Math.min(count, FREQ_SPAN - 1));
      });
    }
  }

  /**
   * Packs the postings (after a bulk build, and after each sweep): the longer lists into typed
   * arrays, the shorter into arrays of their length (an array that grew by pushes keeps room for
   * 16 more: 136 bytes for a word of one posting, and most words have a few).
   */
  compact(): void {
    for (const [term, list] of this.postings) {
      if (Array.isArray(list)) this.postings.set(term, list.length >= PACKED_FROM ? Int32Array.from(list) : list.slice());
    }
  }

  remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    this.ids[slot] = null;
    this.dead.push(slot);
    this.fields.forEach((_field, fieldIndex) => {
      this.lengthSums[fieldIndex] = (this.lengthSums[fieldIndex] as number) - (this.lengths[slot * this.fields.length + fieldIndex] as number);
    });
    if (this.dead.length > Math.max(SWEEP_FLOOR, this.slots.size * SWEEP_SHARE)) this.sweep();
  }

  replace(id: string, texts: Readonly<Record<F, string>>): void {
    this.remove(id);
    this.add(id, texts);
  }

  /**
   * The documents holding every word of the query (the last one also as a prefix when `prefix`),
   * with their scores: BM25+ per field, weighted by the field's boost (and a prefix match's
   * weight), summed over the words, times the number of distinct words.
   */
  search(query: string, { prefix }: { prefix: boolean }): Map<string, number> {
    const terms = this.termsOf(query);
    const found = new Map<string, number>();
    if (terms.length === 0 || this.slots.size === 0) return found;
    const first = this.nextStamp(terms.length);
    let candidates: number[] = [];
    terms.forEach((term, round) => {
      const reached = this.scoreWord(term, prefix && round === terms.length - 1, first + round, round === 0);
      if (round === 0) candidates = reached;
    });
    const quality = new Set(terms).size;
    const last = first + terms.length;
    for (const slot of candidates) {
      if (this.marks[slot] === last) found.set(this.ids[slot] as string, (this.scores[slot] as number) * quality);
    }
    return found;
  }

  /**
   * One document's score for the query, as `search` would give it now, or null when it does not
   * hold every word; `texts` are the document's as indexed. Reads only the postings of the query's
   * words that the document holds, in the order `search` adds them, so the sum is the same number.
   */
  scoreOf(id: string, texts: Readonly<Record<F, string>>, query: string, { prefix }: { prefix: boolean }): number | null {
    const slot = this.slots.get(id);
    const terms = this.termsOf(query);
    if (slot === undefined || terms.length === 0) return null;
    const own = new Set<string>();
    for (const field of this.fields) for (const word of this.options.tokenize(texts[field] ?? '')) own.add(this.options.processTerm(word) ?? '');
    own.delete('');
    const sortedOwn = [...own].sort();
    const documentCount = this.slots.size;
    const averages = Array.from(this.lengthSums, (sum) => sum / documentCount);
    const perField = new Array<number>(this.fields.length);
    let score = 0;
    for (const [round, term] of terms.entries()) {
      const matches: [string, number][] = own.has(term) ? [[term, 1]] : [];
      if (prefix && round === terms.length - 1) {
        for (const word of sortedOwn) if (word !== term && word.startsWith(term)) matches.push([word, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length))]);
      }
      if (matches.length === 0) return null;
      for (const [word, weight] of matches) {
        const list = this.postings.get(word) ?? [];
        this.countPerField(list, perField);
        for (const posting of list) if (slotOf(posting) === slot) score += this.weigh(posting, weight, perField, averages);
      }
    }
    return score * new Set(terms).size;
  }

  /** Whether some document holds every word of the query exactly. */
  matchesAll(query: string): boolean {
    return this.search(query, { prefix: false }).size > 0;
  }

  /**
   * The indexed words within `distance` edits of a word, with how many documents hold each. The
   * sorted words are walked as a trie: a word shares the edit-distance rows of the prefix it has in
   * common with the one before, and a prefix already over the distance skips every word it begins.
   */
  nearWords(term: string, distance: number): Map<string, number> {
    const near = new Map<string, number>();
    const vocabulary = this.sortedVocabulary();
    const rows: Int32Array[] = [Int32Array.from({ length: term.length + 1 }, (_, index) => index)];
    let path = '';
    let index = 0;
    while (index < vocabulary.length) {
      const word = vocabulary[index] as string;
      let depth = commonPrefixLength(word, path);
      let pruned = false;
      while (depth < word.length && !pruned) {
        depth += 1;
        pruned = nextRow(rows, depth, term, word.charCodeAt(depth - 1)) > distance;
      }
      path = word.slice(0, depth);
      if (pruned) {
        index = lowerBound(vocabulary, successorOf(path), index + 1);
        continue;
      }
      if (((rows[depth] as Int32Array)[term.length] as number) <= distance) {
        const documents = this.documentsOf(this.postings.get(word) ?? []);
        if (documents > 0) near.set(word, documents);
      }
      index += 1;
    }
    return near;
  }

  private termsOf(query: string): string[] {
    return this.options.tokenize(query).flatMap((word) => this.options.processTerm(word) ?? []);
  }

  /**
   * Adds one query word's scores (the word itself, and the longer words it begins when `prefix`) to
   * the slots that matched every earlier word: a slot marked `round` (the stamp of the word before)
   * is marked `round + 1` when first reached here. Returns the slots reached in the first round.
   */
  private scoreWord(term: string, prefix: boolean, round: number, firstRound: boolean): number[] {
    const reached: number[] = [];
    const matches: [string, number][] = [[term, 1]];
    if (prefix) for (const word of this.wordsStartingWith(term)) if (word !== term) matches.push([word, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length))]);
    const documentCount = this.slots.size;
    const averages = Array.from(this.lengthSums, (sum) => sum / documentCount);
    const perField = new Array<number>(this.fields.length);
    for (const [word, weight] of matches) {
      const list = this.postings.get(word);
      if (!list) continue;
      this.countPerField(list, perField);
      for (const posting of list) {
        const slot = slotOf(posting);
        if (this.ids[slot] === null) continue;
        const mark = this.marks[slot] as number;
        if (mark !== round + 1) {
          if (!firstRound && mark !== round) continue;
          this.marks[slot] = round + 1;
          if (firstRound) {
            this.scores[slot] = 0;
            reached.push(slot);
          }
        }
        this.scores[slot] = (this.scores[slot] as number) + this.weigh(posting, weight, perField, averages);
      }
    }
    return reached;
  }

  /** How many live documents hold the word's postings in each field, into `perField`. */
  private countPerField(list: Readonly<Postings>, perField: number[]): void {
    perField.fill(0);
    for (const posting of list) if (this.ids[slotOf(posting)] !== null) perField[fieldOf(posting)] = (perField[fieldOf(posting)] as number) + 1;
  }

  /** One posting's part of its document's score: BM25+ in its field, times the field's boost and the match's weight. */
  private weigh(posting: number, weight: number, perField: readonly number[], averages: readonly number[]): number {
    const slot = slotOf(posting);
    const field = fieldOf(posting);
    const frequency = frequencyOf(posting);
    const matching = perField[field] as number;
    const idf = Math.log(1 + (this.slots.size - matching + 0.5) / (matching + 0.5));
    const norm = 1 - B + (B * (this.lengths[slot * this.fields.length + field] as number)) / (averages[field] as number);
    const bm25 = idf * (D + (frequency * (K + 1)) / (frequency + K * norm));
    return weight * (this.boosts[field] as number) * bm25;
  }

  /** Stamps for a search of `rounds` words: the first, its own; earlier searches' marks are below it. */
  private nextStamp(rounds: number): number {
    if (this.stamp + rounds + 1 >= 2 ** 31 - 1) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    const first = this.stamp + 1;
    this.stamp = first + rounds;
    return first;
  }

  private wordsStartingWith(prefix: string): string[] {
    const vocabulary = this.sortedVocabulary();
    const words: string[] = [];
    for (let index = lowerBound(vocabulary, prefix); index < vocabulary.length && (vocabulary[index] as string).startsWith(prefix); index += 1) {
      words.push(vocabulary[index] as string);
    }
    return words;
  }

  private sortedVocabulary(): string[] {
    if (!this.vocabulary) this.vocabulary = [...this.postings.keys()].sort();
    return this.vocabulary;
  }

  private addToVocabulary(term: string): void {
    if (this.vocabulary) this.vocabulary.splice(lowerBound(this.vocabulary, term), 0, term);
  }

  /** Live documents in a word's postings (a document's postings of a word are adjacent). */
  private documentsOf(list: Readonly<Postings>): number {
    let documents = 0;
    let previous = -1;
    for (const posting of list) {
      const slot = slotOf(posting);
      if (slot !== previous && this.ids[slot] !== null) documents += 1;
      previous = slot;
    }
    return documents;
  }

  /** The word's postings as an array that can grow (a new one for a new word). */
  private growable(term: string): number[] {
    const list = this.postings.get(term);
    if (Array.isArray(list)) return list;
    const grown = list ? Array.from(list) : [];
    this.postings.set(term, grown);
    if (!list) this.addToVocabulary(term);
    return grown;
  }

  private claimSlot(id: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= MAX_SLOTS) throw new Error(`TextIndex: more than ${MAX_SLOTS} documents`);
      this.ids.push(null);
      this.grow(slot + 1);
    }
    this.ids[slot] = id;
    this.slots.set(id, slot);
    return slot;
  }

  private grow(slotCount: number): void {
    if (this.scores.length >= slotCount) return;
    const capacity = Math.max(64, Math.ceil(slotCount * 1.5));
    const lengths = new Uint16Array(capacity * this.fields.length);
    lengths.set(this.lengths);
    this.lengths = lengths;
    const scores = new Float64Array(capacity);
    this.scores = scores;
    const marks = new Int32Array(capacity);
    marks.set(this.marks);
    this.marks = marks;
  }

  /** Drops the dead slots' postings (and words left with none), and frees the slots. */
  private sweep(): void {
    for (const [term, list] of this.postings) {
      let kept = 0;
      for (const posting of list) if (this.ids[slotOf(posting)] !== null) list[kept++] = posting;
      if (kept === 0) this.postings.delete(term);
      else if (Array.isArray(list)) list.length = kept;
      else if (kept < list.length) this.postings.set(term, list.slice(0, kept));
    }
    this.vocabulary = null;
    this.free.push(...this.dead);
    this.dead = [];
    this.compact();
  }
}
