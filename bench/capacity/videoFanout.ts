// Stand-in for the fanout helper's module (its branch replaces this file at merge): only so this branch compiles.
export async function measureVideoFanout(): Promise<{ ratio9: number; ratio25: number; report: string[] }> {
  throw new Error('未合并');
}
