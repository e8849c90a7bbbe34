import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let loading: Promise<ZxcvbnFactory> | undefined;

/**
 * The password strength estimator, loaded on demand (its dictionaries weigh several hundred KB):
 * only the registration page asks for it, and only once a password is being typed.
 */
export function loadZxcvbn(): Promise<ZxcvbnFactory> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        useLevenshteinDistance: true,
      }),
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
