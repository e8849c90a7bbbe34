import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema code (zod, the field rules, the phone library) loads apart from the
 * page: the page renders without it, and the first validation waits for it (the sign-in
 * page's JavaScript). `load` starts at once so that it is usually there before anyone types; a
 * failed load is tried again at the next validation, and its error reaches the form's submit.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let pending: Promise<Resolver<Input, Context, Output>> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  // Started now, awaited by the first validation; an early failure is reported by that validation.
  get().catch(() => undefined);
  return async (values, context, options) => (await get())(values, context, options);
}
