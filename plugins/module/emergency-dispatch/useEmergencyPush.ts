import { useEffect, useRef } from 'react';
import { EventBus, subscribePush, useService } from '@ops/sdk';
import { emergencyPushTopic, type EmergencyPushData } from '@ops/contracts';

/** Pushes arriving together (a field team's sweep) refresh once. */
const SETTLE_MS = 250;

/**
 * Calls `onEach` for every EMERGENCY_TASK push (emergencyPushTopic) and `onSettled` once a burst of
 * them has passed, while the component is mounted.
 */
export function useEmergencyPush(onSettled: () => void, onEach?: (data: EmergencyPushData) => void): void {
  const bus = useService(EventBus);
  const latest = useRef({ onSettled, onEach });
  latest.current = { onSettled, onEach };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribePush(bus, emergencyPushTopic, (data) => {
      latest.current.onEach?.(data);
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.onSettled(), SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [bus]);
}
