import { useEffect, useState } from 'react';
import { useWallClock } from '../stores/context';

/** The wall-clock time, renewed every `everyMs`, so "3 minutes ago" does not go stale on screen. */
export function useNow(everyMs = 30_000): number {
  const clock = useWallClock();
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const id = setInterval(() => setNow(clock()), everyMs);
    return () => clearInterval(id);
  }, [clock, everyMs]);
  return now;
}
