/** Rounds of a background job finished and failed, for /metrics (ops_job_runs_total). */
export class JobRuns {
  ok = 0;
  failed = 0;

  /** Counts how the round ends; a failure still rejects, for the caller's own handling. */
  count<T>(round: Promise<T>): Promise<T> {
    return round.then(
      (value) => {
        this.ok++;
        return value;
      },
      (error: unknown) => {
        this.failed++;
        throw error;
      },
    );
  }
}
