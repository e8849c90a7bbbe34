import type { Rule } from 'eslint';

/** Types of boundaries.js (plain JavaScript: eslint.config.js loads it without a build). */
export interface Layer {
  readonly layer: string;
  readonly units: readonly string[];
  readonly apart?: boolean;
}
export declare const LAYERS: readonly Layer[];
export declare function serverUnitOf(file: string): { unit: string; layer: string; rank: number; apart: boolean } | null;
export declare const boundaries: Rule.RuleModule;
