import type { Container } from 'inversify';
import type { PluginKind } from '../../schemas/plugin.schema.gen';
import type { PluginDefinition } from './definePlugin';
import type { PluginCatalog } from './PluginCatalog';
import type { PluginError } from '../../contracts/manifests/PluginError';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { pluginsOfKind, type PluginOf } from '../../contracts/manifests/pluginKinds';
import { createToken } from '../di/Token';

export const PluginRegistry = createToken<PluginRegistry>('PluginRegistry', '已发现的插件清单与按需加载插件代码');
export interface PluginRegistry {
  /** Every plugin, or those of one kind with `contributes` typed by that kind's schema. */
  list(): LoadedManifest[];
  list<K extends PluginKind>(kind: K): PluginOf<K>[];
  get(fullId: string): LoadedManifest | undefined;
  readonly errors: readonly PluginError[];
  /** Loads the plugin's code once and loads its ContainerModule into the app container. */
  loadCode(fullId: string): Promise<PluginDefinition | undefined>;
}

export class DefaultPluginRegistry implements PluginRegistry {
  private readonly activated = new Map<string, Promise<PluginDefinition | undefined>>();

  constructor(
    private readonly catalog: PluginCatalog,
    private readonly container: Container,
  ) {
    if (catalog.errors.length) console.error(`已跳过无效插件：\n${catalog.errors.map((error) => error.message).join('\n')}`);
  }

  get errors(): readonly PluginError[] {
    return this.catalog.errors;
  }

  list(): LoadedManifest[];
  list<K extends PluginKind>(kind: K): PluginOf<K>[];
  list(kind?: PluginKind): LoadedManifest[] | PluginOf<PluginKind>[] {
    return kind ? pluginsOfKind(this.catalog.plugins, kind) : this.catalog.plugins;
  }

  get(fullId: string): LoadedManifest | undefined {
    return this.catalog.plugins.find((plugin) => plugin.fullId === fullId);
  }

  loadCode(fullId: string): Promise<PluginDefinition | undefined> {
    return this.activate(fullId, []);
  }

  /** `chain`: the plugins whose activation led here, so optional links that loop back are skipped. */
  private activate(fullId: string, chain: readonly string[]): Promise<PluginDefinition | undefined> {
    let activation = this.activated.get(fullId);
    if (!activation) {
      activation = (async () => {
        const manifest = this.get(fullId)?.manifest;
        const next = [...chain, fullId];
        // Dependencies first, so what they bind is there when this plugin's module loads; then the
        // optional ones that are present (switched on and valid), unless they are already on the way here.
        for (const required of manifest?.requires ?? []) await this.activate(required, next);
        for (const optional of manifest?.optional ?? [])
          if (this.get(optional) && !next.includes(optional)) await this.activate(optional, next);
        const definition = await this.catalog.loadCode(fullId);
        if (definition?.containerModule) await this.container.loadAsync(definition.containerModule);
        return definition;
      })();
      // Forget a failed activation so that opening the page again retries it.
      activation.catch(() => this.activated.delete(fullId));
      this.activated.set(fullId, activation);
    }
    return activation;
  }
}
