import { useEffect, useRef } from 'react';
import { EventBus, useService, type RoutedPush } from '@ops/sdk';
import { EMERGENCY_PUSH_TOPIC, type EmergencyPushData } from '@ops/contracts';

/** Pushes arriving together (a field team's sweep) refresh once. */
const SETTLE_MS = 250;

/**
 * Calls `onEach` for every EMERGENCY_TASK push (topic emergency.task) and `onSettled` once a burst of
 * them has passed, while the component is mounted.
 */
export function useEmergencyPush(onSettled: () => void, onEach?: (data: EmergencyPushData) => void): void {
  const bus = useService(EventBus);
  const latest = useRef({ onSettled, onEach });
  latest.current = { onSettled, onEach };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = bus.subscribe(EMERGENCY_PUSH_TOPIC, (payload) => {
      const data = (payload as RoutedPush).message?.data as unknown as EmergencyPushData | undefined;
      if (data && typeof data.eventId === 'number') latest.current.onEach?.(data);
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.onSettled(), SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [bus]);
}
