/** zh-CN texts of the app's bootstrap (what shows before or outside the router). */
export const appStrings = {
  missingRoot: '缺少 #root 挂载点',
  preloadErrorTitle: '页面资源加载失败',
  preloadErrorText: '系统可能刚刚更新，本页所需的文件已不存在或无法下载。重新加载即可使用最新版本。',
  reload: '重新加载',
} as const;
