import { useCallback, useEffect, useRef } from 'react';

/**
 * setTimeout tied to the component: every pending timer is cleared when it unmounts, so a delayed
 * toast or navigation never fires on a page the person has already left.
 */
export function useTimers(): (fn: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const id of pending) clearTimeout(id);
      pending.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);
}
