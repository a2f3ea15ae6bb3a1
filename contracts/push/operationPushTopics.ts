import {
  FAULT_CAUSES,
  FAULT_STATUSES,
  OPERATION_FAULT_EVENT,
  VIDEO_DIAGNOSIS_EVENT,
  type DiagnosisRun,
  type FaultCause,
  type FaultStatus,
} from '../operations';
import { definePushTopic } from './PushTopic';
import { enumOf, integer, object, text } from './pushSchema';

/** The data of OPERATION_FAULT: a device fault was raised, closed or turned into a work order. */
export interface OperationFaultChanged {
  /** raise, close, autoClose, toWorkOrder. */
  action: string;
  faultId: number;
  deviceId: number;
  deviceName: string;
  cause: FaultCause;
  status: FaultStatus;
}

/** OPERATION_FAULT: 设备运维's fault list changed. */
export const operationFaultPushTopic = definePushTopic<OperationFaultChanged>({
  eventType: OPERATION_FAULT_EVENT,
  schema: object({
    action: text(),
    faultId: integer(),
    deviceId: integer(),
    deviceName: text(),
    cause: enumOf(FAULT_CAUSES),
    status: enumOf(FAULT_STATUSES),
  }),
});

/** VIDEO_DIAGNOSIS: a round of video diagnosis finished for the tenant (视频诊断 refreshes). */
export const videoDiagnosisPushTopic = definePushTopic<DiagnosisRun>({
  eventType: VIDEO_DIAGNOSIS_EVENT,
  schema: object({ at: integer(), cameras: integer(), healthy: integer(), faulty: integer() }),
});
