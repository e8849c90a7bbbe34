/**
 * Matching what a person types against a list of names (the searchable selects: provinces,
 * cities and municipalities, nationalities). People write places the way they say them, so:
 * - case, accents and punctuation do not matter ("las pinas" finds "Las Piñas", "lapu lapu"
 *   finds "Lapu-Lapu");
 * - word order does not matter ("Cebu City" finds "City of Cebu");
 * - "City", "of" and "Municipality" are ignored when comparing ("Manila" finds "City of Manila",
 *   "Makati City" finds "City of Makati"), unless the query is made of nothing else.
 * Each query word must begin a word of the name (or, failing any such name, appear inside it).
 * Results are ranked: the same name, then the same name but for those words, then prefixes, then
 * names that merely contain the text; the list's own order within each rank.
 */

/** Words that say what kind of place a name is, not which one. */
const KIND_WORDS: ReadonlySet<string> = new Set(['city', 'of', 'municipality', 'the']);

/** Lower case, no accents, punctuation as spaces, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function words(text: string): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}

function significant(all: readonly string[]): string[] {
  return all.filter((w) => !KIND_WORDS.has(w));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = (x: readonly string[]) => [...x].sort().join(' ');
  return sorted(a) === sorted(b);
}

/** 0 the same name, 1 the same but for kind words and order, 2 every word a prefix, 3 contains, null no match. */
export function matchRank(query: string, name: string): number | null {
  const q = words(query);
  if (q.length === 0) return null;
  const n = words(name);
  if (q.join(' ') === n.join(' ')) return 0;
  const qs = significant(q);
  const ns = significant(n);
  // A query of kind words only ("city") is compared word for word, kind words included.
  const qWords = qs.length > 0 ? qs : q;
  const nWords = qs.length > 0 ? ns : n;
  if (qs.length > 0 && sameSet(qs, ns)) return 1;
  const used = new Set<number>();
  const allPrefixes = qWords.every((w) => {
    const i = nWords.findIndex((candidate, index) => !used.has(index) && candidate.startsWith(w));
    if (i < 0) return false;
    used.add(i);
    return true;
  });
  if (allPrefixes) return 2;
  const folded = n.join(' ');
  return qWords.every((w) => folded.includes(w)) ? 3 : null;
}

/** The items that match `query`, best first (the list's order within a rank); all of them for an empty query. */
export function searchByName<T>(query: string, items: readonly T[], nameOf: (item: T) => string): T[] {
  if (words(query).length === 0) return [...items];
  const ranked: { item: T; rank: number; index: number }[] = [];
  items.forEach((item, index) => {
    const rank = matchRank(query, nameOf(item));
    if (rank !== null) ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.item);
}

/**
 * The one item whose name is the query's (rank 0 or 1), so typed text can be taken as a choice:
 * "Cebu City" is "City of Cebu". Null when none, or when two names are equally the query's.
 */
export function sameNamed<T>(query: string, items: readonly T[], nameOf: (item: T) => string): T | null {
  const exact = items.filter((item) => matchRank(query, nameOf(item)) === 0);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) return null;
  const same = items.filter((item) => matchRank(query, nameOf(item)) === 1);
  return same.length === 1 ? same[0]! : null;
}
