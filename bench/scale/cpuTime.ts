import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// ---------------------------------------------------------------- processes and their CPU time

/** Clock ticks per second of /proc (getconf CLK_TCK; 100 on Linux). */
export const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Voluntary context switches of these processes' threads, summed (/proc/<pid>/task/<tid>/status): each is a wake-up. */
export function wakeups(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      try {
        total += Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return total;
}

/** CPU time of this process's children that have exited and been waited for. */
export function reapedTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

/** Busy ticks of the whole machine (all cores), from /proc/stat. */
export function machineTicks(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  void idle;
  void iowait;
  return user! + nice! + system! + irq! + softirq! + steal!;
}

export function pidsWhere(test: (pid: number, cmdline: string, parent: number) => boolean): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (test(Number(name), cmdline, parent)) pids.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

export interface CpuGroups {
  instances: number[];
  mosquitto: number[];
  postgres: () => number[];
  generators: number[];
  /**
   * Instead of `generators`: load processes that have exited by the second snapshot, counted from this
   * process's reaped children's time (cutime + cstime), under this name.
   */
  reaped?: string;
}

/** Ticks per process (pid → ticks; -1: reaped children) of each group, and of the whole machine. */
export type CpuSnapshot = { at: number; machine: number; groups: Record<string, Map<number, number>> };

export function cpuSnapshot(groups: CpuGroups): CpuSnapshot {
  const each = (pids: number[]) => new Map(pids.map((pid) => [pid, processTicks(pid)]));
  return {
    at: performance.now(),
    machine: machineTicks(),
    groups: {
      instances: each(groups.instances),
      mosquitto: each(groups.mosquitto),
      PostgreSQL: each(groups.postgres()),
      [groups.reaped ?? 'generators']: groups.reaped ? new Map([[-1, reapedTicks()]]) : each(groups.generators),
      bench: each([process.pid]),
    },
  };
}

/**
 * Ticks a group used between two snapshots, process by process: one started meanwhile counts from zero;
 * one gone by the second snapshot (a PostgreSQL backend whose connection closed) is left out, so its
 * time falls under "other".
 */
export function groupTicks(before: Map<number, number> | undefined, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) if (ticks > 0 || pid === -1) total += Math.max(0, ticks - (before?.get(pid) ?? 0));
  return total;
}

/** Cores each group used between two snapshots, and the rest of the machine (other processes). */
export function cpuUse(before: CpuSnapshot, after: CpuSnapshot): { text: string; instances: number; other: number } {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ticks: number) => ticks / TICKS / seconds;
  const parts = Object.keys(after.groups).map((name) => [name, cores(groupTicks(before.groups[name], after.groups[name]!))] as const);
  const ours = parts.reduce((total, [, value]) => total + value, 0);
  const machine = cores(after.machine - before.machine);
  const other = Math.max(0, machine - ours);
  return {
    text: `${parts.map(([name, value]) => `${name} ${value.toFixed(2)}`).join(' · ')} · 其他进程 other ${other.toFixed(2)} · 合计 total ${machine.toFixed(2)} / ${availableParallelism()} 核 cores`,
    instances: parts.find(([name]) => name === 'instances')?.[1] ?? 0,
    other,
  };
}
