import type { FastifyInstance } from 'fastify';
import { IntervalJob } from '../cluster/IntervalJob';
import { HOUR_MS } from '../stats/periods';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { RecognitionService } from './RecognitionService';
import { RecognitionSimulator } from './RecognitionSimulator';
import { recognitionRoutes } from './recognitionRoutes';
import { DEFAULT_SNAPSHOT_DAYS, SnapshotStore } from './SnapshotStore';

/** How often the leader removes snapshot days past the retention. */
const PRUNE_EVERY_MS = HOUR_MS;

/**
 * 数据检索: the AI cameras' recognition records (cameras are the device kinds with live video), their
 * search and CSV export, and their snapshots under DATA_DIR/snapshots kept RECOGNITION_SNAPSHOT_DAYS.
 * Two leader jobs: the simulator's ticks (off with the simulator) and the snapshots' pruning.
 */
export async function registerRecognition(
  api: FastifyInstance,
  { config, db, now, catalog, reportError }: ServerDeps,
): Promise<FeatureLifecycle & { recognition: RecognitionService; recognitionSimulator: RecognitionSimulator }> {
  const cameraKinds = catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
  const snapshots = new SnapshotStore(config.dataDir, config.recognition?.snapshotRetentionMs ?? DEFAULT_SNAPSHOT_DAYS * 86_400_000, now);
  const recognition = new RecognitionService(db, cameraKinds, snapshots);
  const recognitionSimulator = new RecognitionSimulator(recognition, now);
  await recognitionRoutes(api, recognition);
  const simulate = new IntervalJob(
    '识别记录模拟',
    config.simulator?.tickMs ?? 0,
    () => recognitionSimulator.tick(),
    reportError('识别记录模拟失败'),
  );
  const prune = new IntervalJob('抓拍图片清理', PRUNE_EVERY_MS, () => snapshots.prune(), reportError('抓拍图片清理失败'));
  return { recognition, recognitionSimulator, jobs: [simulate, prune] };
}
