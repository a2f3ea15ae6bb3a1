import { describe, expect, it, vi } from 'vitest';
import { validateManifests, type ManifestEntry } from '../../contracts/manifests/validateManifests';
import { createPluginCatalog } from './PluginCatalog';

const device = (id: string, extra: Record<string, unknown> = {}, contributes: Record<string, unknown> = {}) => ({
  id,
  kind: 'device',
  version: '1.0.0',
  displayName: '设备',
  contributes: { brandCode: 'DEVICE_LAMPPOST', page: 'lamp', icon: 'lamp.svg', ...contributes },
  ...extra,
});
const at = (folder: string, manifest: unknown): ManifestEntry => ({ folder, manifest });

function errorsOf(entries: ManifestEntry[]) {
  return validateManifests(entries).errors.map(({ plugin, pointer }) => `${plugin} ${pointer}`);
}

describe('validateManifests', () => {
  it('accepts a valid manifest', () => {
    const { plugins, errors } = validateManifests([at('plugins/device/lamp', device('lamp'))]);
    expect(errors).toEqual([]);
    expect(plugins.map((plugin) => plugin.fullId)).toEqual(['device:lamp']);
  });

  it('names the folder and pointer of a missing required field, with a Chinese message', () => {
    const manifest = device('lamp');
    delete (manifest as Partial<typeof manifest>).version;
    const { errors, plugins } = validateManifests([at('plugins/device/lamp', manifest)]);
    expect(plugins).toEqual([]);
    expect(errors).toEqual([
      { plugin: 'plugins/device/lamp', pointer: '/version', message: '插件 plugins/device/lamp：/version 是必填字段' },
    ]);
  });

  it('reports a wrong type, an extra property and a bad id pattern', () => {
    expect(errorsOf([at('plugins/device/lamp', device('lamp', { displayName: 5 }))])).toEqual(['plugins/device/lamp /displayName']);
    expect(errorsOf([at('plugins/device/lamp', device('lamp', { colour: 'red' }))])).toEqual(['plugins/device/lamp /colour']);
    expect(errorsOf([at('plugins/device/Lamp_X', device('Lamp_X'))])).toEqual(['plugins/device/Lamp_X /id']);
    expect(validateManifests([at('plugins/device/lamp', device('lamp', { displayName: 5 }))]).errors[0]!.message).toContain('必须是字符串');
  });

  it('takes a Home tile figure on a module root only, naming the field otherwise', () => {
    const tile = { label: '未办结工单', query: { path: '/overview/operation' }, refreshSeconds: 60 };
    const module = (route: Record<string, unknown>) => ({
      id: 'ops',
      kind: 'module',
      version: '1.0.0',
      displayName: '运维',
      contributes: { routes: [route] },
    });
    expect(errorsOf([at('plugins/module/ops', module({ module: 'operation', panelPage: 'operation', tile }))])).toEqual([]);
    const onChild = validateManifests([at('plugins/module/ops', module({ module: 'operation', child: 'workOrder', tile }))]).errors;
    expect(onChild.map(({ pointer }) => pointer)).toContain('/contributes/routes/0/tile');
    expect(onChild.find(({ pointer }) => pointer === '/contributes/routes/0/tile')?.message).toContain('不允许出现在这里');
    expect(errorsOf([at('plugins/module/ops', module({ module: 'operation', tile: { ...tile, query: { path: 'overview' } } }))])).toEqual([
      'plugins/module/ops /contributes/routes/0/tile/query/path',
    ]);
  });

  it('checks the contribution against the kind schema, under /contributes', () => {
    expect(errorsOf([at('plugins/device/lamp', device('lamp', {}, { brandCode: 42 }))])).toEqual([
      'plugins/device/lamp /contributes/brandCode',
    ]);
    expect(errorsOf([at('plugins/device/lamp', device('lamp', {}, { unknownField: 1 }))])).toEqual([
      'plugins/device/lamp /contributes/unknownField',
    ]);
    const alarm = {
      id: 'smoke',
      kind: 'alarm',
      version: '1.0.0',
      displayName: '烟感',
      contributes: { code: 'SMOKE', name: '烟感告警', icon: 'smoke.svg', defaultGrade: 'ALARM_GRADE_URGENT' },
    };
    expect(errorsOf([at('plugins/alarm/smoke', alarm)])).toEqual(['plugins/alarm/smoke /contributes/defaultGrade']);
    const module = { id: 'home', kind: 'module', version: '1.0.0', displayName: '首页', contributes: {} };
    expect(errorsOf([at('plugins/module/home', module)])).toEqual(['plugins/module/home /contributes/routes']);
    const effect = {
      id: 'pulse',
      kind: 'map-effect',
      version: '1.0.0',
      displayName: '脉冲圆',
      contributes: { effect: 'pulse', defaults: [] },
    };
    expect(errorsOf([at('plugins/map-effect/pulse', effect)])).toEqual(['plugins/map-effect/pulse /contributes/defaults']);
  });

  it('reports a folder that does not match the manifest id or kind', () => {
    expect(errorsOf([at('plugins/device/lamp-post', device('lamp'))])).toEqual(['plugins/device/lamp-post /id']);
    expect(errorsOf([at('plugins/alarm/lamp', device('lamp'))])).toEqual(['plugins/alarm/lamp /kind']);
  });

  it('reports duplicate ids on both folders and keeps neither', () => {
    const result = validateManifests([at('plugins/device/lamp', device('lamp')), at('extra/device/lamp', device('lamp'))]);
    expect(result.plugins).toEqual([]);
    expect(result.errors.map((error) => `${error.plugin} ${error.pointer}`)).toEqual(['plugins/device/lamp /id', 'extra/device/lamp /id']);
    expect(result.errors[0]!.message).toContain('extra/device/lamp');
  });

  it('reports a missing requires and drops its dependents', () => {
    const result = validateManifests([
      at('plugins/device/a', device('a', { requires: ['device:nope'] })),
      at('plugins/device/b', device('b', { requires: ['device:a'] })),
      at('plugins/device/c', device('c')),
    ]);
    expect(result.plugins.map((plugin) => plugin.fullId)).toEqual(['device:c']);
    expect(result.errors.map((error) => `${error.plugin} ${error.pointer}`)).toEqual([
      'plugins/device/a /requires/0',
      'plugins/device/b /requires/0',
    ]);
  });

  it('reports a dependency cycle, naming it', () => {
    const result = validateManifests([
      at('plugins/device/a', device('a', { requires: ['device:b'] })),
      at('plugins/device/b', device('b', { requires: ['device:a'] })),
      at('plugins/device/c', device('c', { requires: ['device:a'] })),
    ]);
    expect(result.plugins).toEqual([]);
    expect(result.errors.find((error) => error.plugin === 'plugins/device/a')?.message).toContain('device:a → device:b → device:a');
    expect(result.errors.map((error) => `${error.plugin} ${error.pointer}`).sort()).toEqual([
      'plugins/device/a /requires/0',
      'plugins/device/b /requires/0',
      'plugins/device/c /requires/0',
    ]);
  });

  it('switches a plugin off by id and reports what depended on it', () => {
    const result = validateManifests(
      [at('plugins/device/a', device('a')), at('plugins/device/b', device('b', { requires: ['device:a'] }))],
      {
        disabledPlugins: ['device:a'],
      },
    );
    expect(result.plugins).toEqual([]);
    // A consequence of configuration, not a broken manifest: reported apart, never thrown in development.
    expect(result.errors).toEqual([]);
    expect(result.switchedOff).toEqual([
      { plugin: 'plugins/device/b', pointer: '/requires/0', message: '插件 plugins/device/b：/requires/0 依赖的插件 device:a 已被停用' },
    ]);
  });

  it('leaves out the whole chain behind a switched-off plugin without stopping a development build', () => {
    const entries = [
      at('plugins/device/a', device('a')),
      at('plugins/device/b', device('b', { requires: ['device:a'] })),
      at('plugins/device/c', device('c', { requires: ['device:b'] })),
    ];
    const result = validateManifests(entries, { disabledPlugins: ['device:a'] });
    expect(result.errors).toEqual([]);
    expect(result.switchedOff.map((entry) => entry.plugin).sort()).toEqual(['plugins/device/b', 'plugins/device/c']);
    const manifests = Object.fromEntries(entries.map((entry) => [`/${entry.folder}/plugin.json`, entry.manifest]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(createPluginCatalog(manifests, {}, { failLoudly: true, disabledPlugins: ['device:a'] }).plugins).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('leaves out a plugin that is off by default unless configuration switches it on', () => {
    const entries = [at('plugins/device/a', device('a', { enabledByDefault: false })), at('plugins/device/b', device('b'))];
    expect(validateManifests(entries).plugins.map((plugin) => plugin.fullId)).toEqual(['device:b']);
    expect(validateManifests(entries, { enabledPlugins: ['device:a'] }).plugins.map((plugin) => plugin.fullId)).toEqual([
      'device:a',
      'device:b',
    ]);
  });

  it('reports top-level and contribution errors of one manifest in the same run', () => {
    expect(errorsOf([at('plugins/device/lamp', device('lamp', { version: 'one' }, { page: 7 }))])).toEqual([
      'plugins/device/lamp /version',
      'plugins/device/lamp /contributes/page',
    ]);
  });

  it('reports a manifest that is not an object, or of an unknown kind, without crashing', () => {
    expect(errorsOf([at('plugins/device/lamp', null)])).toEqual(['plugins/device/lamp ']);
    expect(errorsOf([at('plugins/gadget/lamp', { ...device('lamp'), kind: 'gadget' })])).toEqual(['plugins/gadget/lamp /kind']);
    expect(validateManifests([at('plugins/device/lamp', null)]).errors[0]!.message).toBe('插件 plugins/device/lamp：/ 必须是对象');
  });
});
