import { describe, expect, it } from 'vitest';
import { isProtectedTopLevel, resolveUnknownPath, targetPathOf } from './routePaths';

describe('unknown path rule', () => {
  it('goes to the route named after the first segment', () => {
    expect(resolveUnknownPath('/device/nothing-here')).toBe('/device');
    expect(resolveUnknownPath('/realTimeBroad/x/y')).toBe('/realTimeBroad');
    expect(resolveUnknownPath('/ALARMMANAGE/zzz')).toBe('/alarmManage');
  });
  it('otherwise goes to login', () => {
    expect(resolveUnknownPath('/no-such-page')).toBe('/login');
    expect(resolveUnknownPath('/')).toBe('/login');
  });
  it('knows which top-level paths are protected', () => {
    expect(isProtectedTopLevel('/home')).toBe(true);
    expect(isProtectedTopLevel('/lowAltitude/lowuav')).toBe(true);
    expect(isProtectedTopLevel('/login')).toBe(false);
    expect(isProtectedTopLevel('/whatever')).toBe(false);
  });
  it('maps a module page to its path, and no page to the event center', () => {
    expect(targetPathOf({ module: 'securityEmergency', child: 'evacuate' })).toBe('/securityEmergency/evacuate');
    expect(targetPathOf({ module: 'device' })).toBe('/device');
    expect(targetPathOf(null)).toBe('/alarmManage/eventcenter');
  });
});
