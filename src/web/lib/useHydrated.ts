import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React takes over a page the server rendered (decision 031), true
 * once the app runs it: a form's submit button waits for it, so a tap before then cannot send the
 * form the browser's way (a GET with the fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
