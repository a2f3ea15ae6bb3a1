/** One problem with one plugin: the folder, the JSON pointer of the field, and a Chinese message. */
export interface PluginError {
  plugin: string;
  pointer: string;
  message: string;
}

export function pluginError(plugin: string, pointer: string, detail: string): PluginError {
  return { plugin, pointer, message: `插件 ${plugin}：${pointer || '/'} ${detail}` };
}
