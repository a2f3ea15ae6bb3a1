import type { Db } from '../db/Database';
import { seededRandom } from '../simulation/seededRandom';
import { produceRecords } from './recognitionModel';
import { RecognitionService } from './RecognitionService';

/**
 * The AI cameras at work: every tick (the simulator's SIM_TICK_MS, a leader job; SIMULATOR=0 stops it)
 * each tenant's online cameras produce the records of the time since the last tick at the model's rate
 * (recognitionModel.ts: ~1,500 a day for a demo tenant, busier by day), stored with their snapshots. The
 * first tick after a start produces nothing: the past is the history's (server/seed/history/).
 */
export class RecognitionSimulator {
  private last: number | undefined;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    private readonly recognition: RecognitionService,
    private readonly now: () => number,
    seed = Date.now(),
  ) {
    this.random = seededRandom(seed);
  }

  /** Produces and stores the records since the last tick; returns how many. */
  async tick(): Promise<number> {
    const to = this.now();
    const from = this.last ?? to;
    this.last = to;
    if (to <= from) return 0;
    let written = 0;
    for (const [tenantId, cameras] of await this.recognition.onlineCameras()) {
      const rows = produceRecords(tenantId, cameras, from, to, this.random);
      if (!rows.length) continue;
      await this.recognition.snapshots.write(tenantId, rows);
      await RecognitionService.insert(this.db, rows);
      written += rows.length;
    }
    return written;
  }
}
