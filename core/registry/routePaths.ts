import { findModule, moduleTree } from './moduleTree';

/** Top-level routes of spec section 2 that need no session. */
export const publicRoutes = { root: '/', login: '/login', realTimeBroad: '/realTimeBroad', notFound: '/404' } as const;
export const homePath = '/home';

/** Every top-level route path, protected or not, by name (the first path segment). */
export function topLevelRoutePaths(): string[] {
  return [publicRoutes.login, publicRoutes.realTimeBroad, publicRoutes.notFound, homePath, ...moduleTree.map((module) => module.path)];
}

export function isProtectedTopLevel(pathname: string): boolean {
  const first = firstSegment(pathname);
  return first === homePath.slice(1) || moduleTree.some((module) => module.name === first);
}

function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

/**
 * Spec section 2: an unknown path goes to the route named after its first path segment, or
 * otherwise to Login. The match ignores case, so `/DEVICE/x` lands on `/device`.
 */
export function resolveUnknownPath(pathname: string, known: readonly string[] = topLevelRoutePaths()): string {
  const first = firstSegment(pathname).toLowerCase();
  const match = known.find((path) => path.slice(1).toLowerCase() === first);
  return match ?? publicRoutes.login;
}

/**
 * Path of a module page named by its module and child (an alarm's page: the push route's target, else the
 * alarm type's; the intercom page a call opens); without one, the event center.
 */
export function targetPathOf(target: { module: string; child?: string } | null | undefined): string {
  const module = target ? findModule(target.module) : undefined;
  if (!module || !target) return '/alarmManage/eventcenter';
  return target.child ? `${module.path}/${target.child.toLowerCase()}` : module.path;
}
