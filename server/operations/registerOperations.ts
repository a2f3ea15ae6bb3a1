import type { FastifyInstance } from 'fastify';
import type { LeaderJob } from '../cluster/ClusterLeader';
import { IntervalJob } from '../cluster/IntervalJob';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { WorkOrderActions } from '../workOrders/WorkOrderActions';
import { AvailabilityService } from './AvailabilityService';
import { FaultService } from './FaultService';
import { MaintenanceService } from './MaintenanceService';
import { operationRoutes } from './operationRoutes';
import { pruneStatusHistory, STATUS_HISTORY_MS } from './StatusRecorder';
import { VideoDiagnosisService, type DiagnosisSources } from './VideoDiagnosisService';

/** Device operation and video diagnosis; tests run their leader jobs by hand. */
export interface OperationsFeature {
  faults: FaultService;
  maintenance: MaintenanceService;
  video: VideoDiagnosisService;
  availability: AvailabilityService;
  offlineFaultMs: number;
}

/**
 * Device operation (faults, maintenance plans and inspections, availability) and the cameras' video
 * diagnosis, checked against the stream endpoint and, when simulated in-process, the simulator's picture.
 */
export async function registerOperations(
  api: FastifyInstance,
  { config, db, now, catalog, pushHub, reportError }: ServerDeps,
  { orders, sources }: { orders: Pick<WorkOrderActions, 'create' | 'assign'>; sources: DiagnosisSources },
): Promise<FeatureLifecycle & { operations: OperationsFeature }> {
  const settings = config.operations ?? {
    faultCheckMs: 0,
    offlineFaultMs: 10 * 60_000,
    videoDiagnosisMs: 0,
    videoDiagnosisRetentionMs: 7 * 86_400_000,
  };
  const faults = new FaultService(db, catalog, orders, pushHub, now);
  const maintenance = new MaintenanceService(db, catalog, faults, orders, now);
  const availability = new AvailabilityService(db, catalog, now);
  const video = new VideoDiagnosisService(
    db,
    catalog,
    sources,
    pushHub,
    { intervalMs: settings.videoDiagnosisMs, retentionMs: settings.videoDiagnosisRetentionMs },
    now,
  );
  await operationRoutes(api, { availability, faults, maintenance, video });
  const jobs: LeaderJob[] = [
    new IntervalJob(
      '设备故障检查与巡检生成',
      settings.faultCheckMs,
      async () => {
        await faults.sweep(settings.offlineFaultMs);
        await maintenance.createDue();
        await pruneStatusHistory(db, now() - STATUS_HISTORY_MS);
      },
      reportError('设备故障检查失败'),
    ),
  ];
  // The first round as the job starts, not a whole interval later: 视频诊断 has today's result from the first screen.
  const diagnosis = new IntervalJob('视频诊断', settings.videoDiagnosisMs, () => video.run(), reportError('视频诊断失败'));
  let firstRound: Promise<unknown> | undefined;
  jobs.push({
    name: diagnosis.name,
    // Its rounds on /metrics (ops_job_runs_total): the interval's; the first round is reported as an error only.
    runs: diagnosis.runs,
    start: () => {
      if (settings.videoDiagnosisMs > 0) firstRound = video.run().catch(reportError('视频诊断失败'));
      diagnosis.start();
    },
    stop: async () => {
      await diagnosis.stop();
      await firstRound;
    },
  });
  return { operations: { faults, maintenance, video, availability, offlineFaultMs: settings.offlineFaultMs }, jobs };
}
