import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { fieldError } from '../../http/errors';

/**
 * DECISIONS.md section 5 (NIST SP 800-63B): any 8 to 64 characters (the shared schema checks the
 * length), refused when the password is a common one, a near copy of one (two edits or fewer, the
 * rule zxcvbn's Levenshtein option applies), or easy to guess (zxcvbn score below 2, with the
 * person's name, e-mail and phone counted as known words).
 *
 * zxcvbn's own Levenshtein option is not used here: it rescans all 49,000 common passwords on the
 * event loop (30 to 300 ms a check); the bounded search below gives the same verdict in a few ms.
 */
const MIN_PASSWORD_SCORE = 2;
const NEAR_MISS_EDITS = 2;

/**
 * zxcvbn and its 1.3 MB of dictionaries load with the first password checked, not at the server's
 * start: required (the packages' CommonJS builds) so that the checks stay synchronous.
 */
const requirePackage = createRequire(import.meta.url);
let common:
  | {
      readonly dictionary: typeof ZxcvbnCommon.dictionary;
      readonly graphs: typeof ZxcvbnCommon.adjacencyGraphs;
      readonly set: Set<string>;
      readonly byLength: Map<number, string[]>;
    }
  | undefined;
function commonPasswords() {
  if (!common) {
    const { adjacencyGraphs, dictionary } = requirePackage('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
    const words = dictionary['passwords-common'].map((p) => p.toLowerCase());
    const byLength = new Map<number, string[]>();
    for (const word of words) {
      const list = byLength.get(word.length) ?? [];
      list.push(word);
      byLength.set(word.length, list);
    }
    common = { dictionary, graphs: adjacencyGraphs, set: new Set(words), byLength };
  }
  return common;
}

let zxcvbn: ZxcvbnCore.ZxcvbnFactory | undefined;
function estimator(): ZxcvbnCore.ZxcvbnFactory {
  if (!zxcvbn) {
    const { ZxcvbnFactory } = requirePackage('@zxcvbn-ts/core') as typeof ZxcvbnCore;
    const { dictionary, graphs } = commonPasswords();
    zxcvbn = new ZxcvbnFactory({ dictionary, graphs });
  }
  return zxcvbn;
}

/** Levenshtein distance of a and b, or max + 1 as soon as it is known to exceed max. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Is the (lower-cased) password a common password or within a couple of edits of one? */
function isNearCommon(lower: string): boolean {
  const { set, byLength } = commonPasswords();
  if (set.has(lower) || set.has(lower.trim())) return true;
  for (let length = lower.length - NEAR_MISS_EDITS; length <= lower.length + NEAR_MISS_EDITS; length++) {
    for (const word of byLength.get(length) ?? []) {
      // As zxcvbn: a password no longer than the word may differ by a quarter of its length.
      const allowed = lower.length <= word.length ? Math.min(NEAR_MISS_EDITS, Math.ceil(lower.length / 4)) : NEAR_MISS_EDITS;
      if (Math.abs(word.length - lower.length) > allowed) continue;
      if (boundedEditDistance(lower, word, allowed) <= allowed) return true;
    }
  }
  return false;
}

/** The person's own words: each input whole, without separators, and in parts (the e-mail's local part, the phone's digits). */
function personalWords(userInputs: readonly string[]): string[] {
  const words = userInputs.flatMap((v) => {
    const lower = v.toLowerCase();
    return [lower, lower.replace(/[^\p{L}\p{N}]+/gu, ''), lower.split('@')[0] ?? '', ...lower.split(/[^\p{L}\p{N}]+/u), lower.replace(/\D/g, '').slice(-10)];
  });
  return [...new Set(words)].filter((w) => w.length >= 3);
}

/** True when the password is acceptable; `userInputs` (name, e-mail, phone) count as easy to guess. */
export function isPasswordAcceptable(password: string, userInputs: readonly string[] = []): boolean {
  if (isNearCommon(password.toLowerCase())) return false;
  const inputs = personalWords(userInputs);
  return estimator().check(password, inputs).score >= MIN_PASSWORD_SCORE;
}

/** Throws the field error 'validation.passwordCommon' on `field` when the password is refused. */
export function assertPasswordAcceptable(password: string, userInputs: readonly string[] = [], field = 'password'): void {
  if (!isPasswordAcceptable(password, userInputs)) throw fieldError({ [field]: 'validation.passwordCommon' });
}
