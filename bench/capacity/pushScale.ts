// Stand-in for the fanout helper's module (its branch replaces this file at merge): only so this branch compiles.
export async function measurePushScale(): Promise<{ p99Ratio: number; report: string[] }> {
  throw new Error('未合并');
}
