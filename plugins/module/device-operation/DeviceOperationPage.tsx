import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Api, deviceKindsOf, EventBus, Notifier, PluginRegistry, subscribePush, useService } from '@ops/sdk';
import { operationFaultPushTopic, type AvailabilityRange, type FaultQuery } from '@ops/contracts';
import { AvailabilityByKind, AvailabilityTrend } from './AvailabilityPanels';
import { FaultList } from './FaultList';
import { createOperationApi } from './operationApi';
import { OperationKpis } from './OperationKpis';
import { operationStrings as t } from './operationStrings';
import { InspectionList, PlanList } from './PlanPanels';
import { useLoaded } from '@ops/sdk';
import './DeviceOperation.css';

const FAULT_PAGE_SIZE = 10;
const INSPECTION_PAGE_SIZE = 20;
/** Faults raised or closed together (a sweep of the fault job) refresh once. */
const PUSH_SETTLE_MS = 400;

/** 设备运维: KPIs, availability by kind over time, the faults with 关闭/转工单, plans and inspections; live on OPERATION_FAULT pushes. */
export default function DeviceOperationPage() {
  const caller = useService(Api);
  const bus = useService(EventBus);
  const notifier = useService(Notifier);
  const registry = useService(PluginRegistry);
  const api = useMemo(() => createOperationApi(caller), [caller]);
  const kinds = useMemo(() => deviceKindsOf(registry).map((kind) => ({ page: kind.page, name: kind.displayName })), [registry]);

  const [range, setRange] = useState<AvailabilityRange>('24h');
  const [faultQuery, setFaultQuery] = useState<FaultQuery & { pageNum: number; pageSize: number }>({
    pageNum: 1,
    pageSize: FAULT_PAGE_SIZE,
    open: '1',
  });
  const [kpi, reloadKpi] = useLoaded(useCallback(() => api.kpi(), [api]));
  const [availability, reloadAvailability] = useLoaded(useCallback(() => api.availability(range), [api, range]));
  const [faults, reloadFaults] = useLoaded(useCallback(() => api.faults(faultQuery), [api, faultQuery]));
  const [plans, reloadPlans] = useLoaded(useCallback(() => api.plans(), [api]));
  const loadPlanDevices = useCallback((kind: string) => api.planDevices(kind), [api]);
  const [inspections, reloadInspections] = useLoaded(useCallback(() => api.inspections(1, INSPECTION_PAGE_SIZE), [api]));
  const [teams, setTeams] = useState<{ teamId: number; name: string }[]>([]);
  useEffect(() => {
    api.teams().then(setTeams, () => undefined);
  }, [api]);

  const latest = useRef({ reloadKpi, reloadFaults, reloadInspections });
  latest.current = { reloadKpi, reloadFaults, reloadInspections };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribePush(bus, operationFaultPushTopic, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void latest.current.reloadKpi();
        void latest.current.reloadFaults();
        void latest.current.reloadInspections();
      }, PUSH_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [bus]);

  return (
    <div className="device-operation">
      <OperationKpis kpi={kpi.data} status={kpi.status} error={kpi.error} onRetry={() => void reloadKpi()} />
      <AvailabilityTrend
        report={availability.data}
        status={availability.status}
        error={availability.error}
        onRetry={() => void reloadAvailability()}
        range={range}
        onRange={setRange}
      />
      <AvailabilityByKind
        report={availability.data}
        status={availability.status}
        error={availability.error}
        onRetry={() => void reloadAvailability()}
      />
      <FaultList
        query={faultQuery}
        onQuery={setFaultQuery}
        page={faults.data}
        status={faults.status}
        error={faults.error}
        onRetry={() => void reloadFaults()}
        teams={teams}
        onClose={async (fault, note) => {
          await api.closeFault(fault.faultId, note);
          notifier.show('success', t.faultClosed);
          await Promise.all([reloadFaults(), reloadKpi()]);
        }}
        onToWorkOrder={async (fault, title, teamId) => {
          const { order } = await api.faultToWorkOrder(fault.faultId, title, teamId);
          notifier.show('success', t.createdOrder(order.orderNo));
          await reloadFaults();
        }}
      />
      <PlanList
        plans={plans.data}
        status={plans.status}
        error={plans.error}
        onRetry={() => void reloadPlans()}
        kinds={kinds}
        teams={teams}
        loadDevices={loadPlanDevices}
        onSave={async (body, planId) => {
          await api.savePlan(body, planId);
          notifier.show('success', t.planSaved);
          await reloadPlans();
        }}
        onDelete={async (plan) => {
          await api.deletePlan(plan.planId);
          notifier.show('success', t.planDeleted);
          await Promise.all([reloadPlans(), reloadInspections()]);
        }}
      />
      <InspectionList
        page={inspections.data}
        status={inspections.status}
        error={inspections.error}
        onRetry={() => void reloadInspections()}
        loadDevices={loadPlanDevices}
        plans={plans.data}
        onRecord={async (inspection, result, note, deviceId) => {
          await api.recordInspection(inspection.inspectionId, result, note, deviceId);
          notifier.show('success', t.inspectionRecorded);
          await Promise.all([reloadInspections(), reloadFaults(), reloadKpi()]);
        }}
      />
    </div>
  );
}
