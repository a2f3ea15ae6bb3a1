import { Tag, type Intent } from '@blueprintjs/core';
import type { EmergencyEventStatus, EmergencyKind, EmergencyLevel, EmergencyTaskStatus } from '@ops/contracts';

export const TASK_INTENT: Record<EmergencyTaskStatus, Intent> = {
  PENDING: 'warning',
  ACCEPTED: 'primary',
  PROCESSING: 'primary',
  DONE: 'success',
  CANCELLED: 'none',
};
const LEVEL_INTENT: Record<EmergencyLevel, Intent> = { HIGH: 'danger', MEDIUM: 'warning', LOW: 'primary' };
const KIND_ICON: Record<EmergencyKind, 'flame' | 'tint' | 'people' | 'oil-field' | 'warning-sign'> = {
  FIRE: 'flame',
  FLOOD: 'tint',
  STAMPEDE: 'people',
  HYDRANT: 'oil-field',
  OTHER: 'warning-sign',
};

export function TaskStatusTag({ status, name }: { status: EmergencyTaskStatus; name: string }) {
  return (
    <Tag minimal={status === 'CANCELLED'} intent={TASK_INTENT[status]} round className="dispatch-tag">
      {name}
    </Tag>
  );
}

export function EventStatusTag({ status, name }: { status: EmergencyEventStatus; name: string }) {
  return (
    <Tag intent={status === 'ACTIVE' ? 'danger' : 'success'} minimal={status === 'CLOSED'} round className="dispatch-tag">
      {name}
    </Tag>
  );
}

export function LevelTag({ level, name }: { level: EmergencyLevel; name: string }) {
  return (
    <Tag intent={LEVEL_INTENT[level]} minimal className="dispatch-tag">
      {name}
    </Tag>
  );
}

export function KindTag({ kind, name }: { kind: EmergencyKind; name: string }) {
  return (
    <Tag icon={KIND_ICON[kind]} minimal className="dispatch-tag">
      {name}
    </Tag>
  );
}
