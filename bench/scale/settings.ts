import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The scale bench's settings (SCALE_* variables, each with its default and bounds) and small helpers. */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HERE = join(ROOT, 'bench', 'scale');

export function setting(name: string, fallback: number, min: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} 必须是 ${min} 到 ${max} 之间的数，当前为 "${value}"`);
  return parsed;
}

/** A 0/1 switch from the environment (absent: `fallback`); anything else is refused with its name. */
export function switchSetting(name: string, fallback: boolean): boolean {
  const value = setting(name, fallback ? 1 : 0, 0, 1);
  if (value !== 0 && value !== 1) throw new Error(`${name} 应为 0 或 1，当前为 "${process.env[name]}"`);
  return value === 1;
}

export interface Setup {
  database: 'sqlite' | 'postgres';
  instances: number;
  label: string;
}

/** SCALE_SETUPS=sqlite:1,postgres:1,postgres:2,postgres:3 (the default) picks and orders the setups. */
export function readSetups(text: string): Setup[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(sqlite|postgres):([1-9]\d?)$/.exec(part);
      if (!match) throw new Error(`SCALE_SETUPS 的一项应形如 sqlite:1 或 postgres:3，当前为 "${part}"`);
      const database = match[1] as Setup['database'];
      const instances = Number(match[2]);
      if (database === 'sqlite' && instances !== 1) throw new Error('SQLite 只能由一个实例使用（sqlite:1）');
      return { database, instances, label: `${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ×${instances}` };
    });
}

export const SETUPS = readSetups(process.env.SCALE_SETUPS ?? 'sqlite:1,postgres:1,postgres:2,postgres:3');
export const DEVICES = Math.floor(setting('SCALE_DEVICES', 5000, 1, 100_000));
export const MESSAGES = Math.floor(setting('SCALE_MESSAGES', 100_000, 1, 10_000_000));
export const GENERATORS = Math.floor(setting('SCALE_GENERATORS', 2, 1, 16));
/** FLEET_SCALE of the seeded database: 10 ≈ 8,600 devices, 5,400 of them of kinds with two numeric fields. */
export const FLEET_SCALE = setting('SCALE_FLEET_SCALE', 10, 0.1, 100);
export const PUSH_CLIENTS = Math.floor(setting('SCALE_PUSH_CLIENTS', 200, 1, 5000));
export const PUSH_RATE = setting('SCALE_PUSH_RATE', 50, 1, 5000);
export const PUSH_SECONDS = setting('SCALE_PUSH_SECONDS', 10, 1, 600);
/** Fails a setup whose stored count has not moved for this long. */
export const STALL_MS = setting('SCALE_STALL_SECONDS', 30, 5, 600) * 1000;
export const TARGETS = { messagesPerSecond: 10_000, threeInstances: 2.4, p99Ms: 100, p99VsBare: 1.5 } as const;
export const ALARM = { tenantId: 1, alarmType: 'SMOKE' } as const;

export const say = (line: string) => console.info(line);
export const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
