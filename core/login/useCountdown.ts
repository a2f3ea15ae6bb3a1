import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: SMS resend countdown. */
export const SMS_COUNTDOWN_SECONDS = 60;

/** Seconds left of a countdown that ticks once a second; 0 when idle. */
export function useCountdown(): { secondsLeft: number; start: (seconds?: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds = SMS_COUNTDOWN_SECONDS) => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, start };
}
