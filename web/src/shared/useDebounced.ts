import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stayed the same for `ms` (a search typed into a picker). */
export const useDebounced = <T,>(value: T, ms: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};
