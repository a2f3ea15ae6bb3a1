import { useEffect, useRef } from 'react';
import type { PushTopic } from '../../contracts/push';
import { useService } from '../di/useService';
import { EventBus } from './EventBus';
import { subscribePush, type PushListener } from './subscribePush';

/**
 * Calls `listener` with every message of `topic` while the component is mounted, its data typed by the
 * topic. The newest `listener` is called, so it may close over state without resubscribing.
 */
export function usePush<T extends object>(topic: PushTopic<T>, listener: PushListener<T>): void {
  const bus = useService(EventBus);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribePush(bus, topic, (data, push) => latest.current(data, push)), [bus, topic]);
}
