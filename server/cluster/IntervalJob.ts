import type { LeaderJob } from '../cluster/ClusterLeader';
import { JobRuns } from './JobRuns';

/**
 * A leader job (runs on one instance of the cluster) that calls `work` every `everyMs`, never two
 * rounds at once; `everyMs` 0 leaves it off. Stopping waits for the round under way.
 */
export class IntervalJob implements LeaderJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** Rounds finished and failed, for /metrics (ops_job_runs_total). */
  readonly runs = new JobRuns();

  constructor(
    readonly name: string,
    private readonly everyMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer || this.everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runs
        .count(this.work())
        .catch(this.onError)
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
