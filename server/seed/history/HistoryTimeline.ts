/** A step of a replayed past: what happens at `at` (it may schedule later steps). */
interface Step {
  at: number;
  /** Order of scheduling: steps at the same time run in the order they were scheduled. */
  order: number;
  run: () => Promise<void>;
}

const before = (a: Step, b: Step) => a.at < b.at || (a.at === b.at && a.order < b.order);

/**
 * The clock a history is written on: services built over it (`now`) see the time of the step they run
 * in, and steps run oldest first, so every row is written in time order as live traffic would write it.
 * Steps due after `end` (now) are never run: what they would have done has not happened yet, so an
 * alarm raised an hour ago whose handling was due later is still open. A binary heap keeps a month of
 * steps cheap.
 */
export class HistoryTimeline {
  private readonly heap: Step[] = [];
  private scheduled = 0;
  private clock: number;

  constructor(
    readonly start: number,
    readonly end: number,
  ) {
    this.clock = start;
  }

  /** The timeline's time: the step being run's. */
  readonly now = (): number => this.clock;

  /** Runs `run` at `at` (never before the step scheduling it: the past is written in order). */
  at(at: number, run: () => Promise<void>): void {
    const step = { at: Math.max(Math.round(at), this.clock), order: this.scheduled++, run };
    if (step.at > this.end) return;
    this.heap.push(step);
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(this.heap[index]!, this.heap[parent]!)) break;
      [this.heap[index], this.heap[parent]] = [this.heap[parent]!, this.heap[index]!];
      index = parent;
    }
  }

  /** Runs every step up to `end`, oldest first; returns how many ran. */
  async play(): Promise<number> {
    let ran = 0;
    for (let step = this.take(); step; step = this.take()) {
      this.clock = step.at;
      await step.run();
      ran++;
    }
    this.clock = this.end;
    return ran;
  }

  private take(): Step | undefined {
    const first = this.heap[0];
    const last = this.heap.pop();
    if (!first || !last || first === last) return first;
    this.heap[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < this.heap.length && before(this.heap[left]!, this.heap[smallest]!)) smallest = left;
      if (right < this.heap.length && before(this.heap[right]!, this.heap[smallest]!)) smallest = right;
      if (smallest === index) break;
      [this.heap[index], this.heap[smallest]] = [this.heap[smallest]!, this.heap[index]!];
      index = smallest;
    }
    return first;
  }
}
