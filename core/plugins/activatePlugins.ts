import type { PluginRegistry } from './PluginRegistry';
import { errorMessage } from '../../contracts/errorMessage';

/**
 * Loads the code of every plugin whose manifest asks to start with `activation` (failures logged, others
 * go on): the shell activates `onShell` plugins when it starts, the globe `onGlobe` ones before it opens.
 */
export async function activatePlugins(registry: PluginRegistry, activation: 'onShell' | 'onGlobe'): Promise<void> {
  for (const plugin of registry.list()) {
    if (plugin.manifest.activation !== activation) continue;
    try {
      await registry.loadCode(plugin.fullId);
    } catch (error) {
      console.error(`插件 ${plugin.fullId} 启动失败：${errorMessage(error)}`);
    }
  }
}
