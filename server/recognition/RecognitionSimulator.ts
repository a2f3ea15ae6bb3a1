import { seededRandom } from '../simulation/seededRandom';
import { drawRecord, produceRecords, type RecognitionCameraSite, type RecognitionRow } from './recognitionModel';
import type { RecognitionService } from './RecognitionService';

/** Someone the simulator is to have a camera see: a vehicle with this plate, or a known person's face. */
export type PlannedPass = { deviceId: number; at: number } & ({ plate: string } | { personId: number });

/** Who else passes a tenant's cameras between two instants (the watchlists' deployed plates and people, now and then). */
export type PassSource = (
  tenantId: number,
  cameras: readonly RecognitionCameraSite[],
  from: number,
  to: number,
  random: () => number,
) => Promise<PlannedPass[]>;

/**
 * The AI cameras at work: every tick (the simulator's SIM_TICK_MS, a leader job; SIMULATOR=0 stops it)
 * each tenant's online cameras produce the records of the time since the last tick at the model's rate
 * (recognitionModel.ts: ~1,500 a day for a demo tenant, busier by day), and the passes the sources plan,
 * stored with their snapshots through `RecognitionService.store` (which tells its listeners). The first
 * tick after a start produces nothing: the past is the history's (server/seed/history/).
 */
export class RecognitionSimulator {
  private last: number | undefined;
  private readonly random: () => number;
  private readonly sources: PassSource[] = [];

  constructor(
    private readonly recognition: RecognitionService,
    private readonly now: () => number,
    seed = Date.now(),
  ) {
    this.random = seededRandom(seed);
  }

  addPassSource(source: PassSource): void {
    this.sources.push(source);
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
      for (const source of this.sources)
        for (const pass of await source(tenantId, cameras, from, to, this.random)) {
          const row = this.passRow(tenantId, cameras, pass);
          if (row) rows.push(row);
        }
      if (!rows.length) continue;
      rows.sort((a, b) => a.at - b.at);
      await this.recognition.store(tenantId, rows);
      written += rows.length;
    }
    return written;
  }

  /** A tenant's online cameras, where a pass may be seen. */
  async onlineCameras(tenantId: number): Promise<RecognitionCameraSite[]> {
    return (await this.recognition.onlineCameras()).get(tenantId) ?? [];
  }

  /** One pass now, through the same path as a tick's (the dev endpoint of end-to-end tests); undefined when the camera is not online. */
  async pass(tenantId: number, pass: PlannedPass): Promise<RecognitionRow | undefined> {
    const row = this.passRow(tenantId, await this.onlineCameras(tenantId), pass);
    if (row) await this.recognition.store(tenantId, [row]);
    return row;
  }

  /** A record of the planned pass on its camera: a vehicle's or a face's attributes drawn by the model, the plate or person given. */
  private passRow(tenantId: number, cameras: readonly RecognitionCameraSite[], pass: PlannedPass): RecognitionRow | undefined {
    const camera = cameras.find((site) => site.deviceId === pass.deviceId);
    if (!camera) return undefined;
    const wanted = 'plate' in pass ? 'vehicle' : 'face';
    let row = drawRecord(tenantId, camera, pass.at, this.random);
    for (let draw = 0; row.kind !== wanted && draw < 100; draw++) row = drawRecord(tenantId, camera, pass.at, this.random);
    if (row.kind !== wanted) return undefined;
    return 'plate' in pass ? { ...row, plate: pass.plate } : { ...row, person_id: pass.personId };
  }
}
