import { en } from './en';

type Tree = { readonly [key: string]: string | Tree };

/** Resolves a dotted key ("validation.phone") in the English catalogue; unknown keys come back as given. */
export function translateEn(key: string): string {
  let node: string | Tree | undefined = en as unknown as Tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = node[part];
  }
  return typeof node === 'string' ? node : key;
}
