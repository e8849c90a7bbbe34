// The part of semver (a dependency of many of our packages, declared in devDependencies for
// scripts/audit-deps.ts) that the scripts use; semver ships no types of its own.
declare module 'semver' {
  interface Options {
    readonly includePrerelease?: boolean;
    readonly loose?: boolean;
  }
  export function satisfies(version: string, range: string, options?: Options): boolean;
  export function valid(version: string): string | null;
  export function validRange(range: string, options?: Options): string | null;
  const semver: { satisfies: typeof satisfies; valid: typeof valid; validRange: typeof validRange };
  export default semver;
}
