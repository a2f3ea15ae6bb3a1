import type * as CesiumNamespace from 'cesium';

export type Cesium = typeof CesiumNamespace;

/** Where vite.config.ts copies Cesium's prebuilt build (Cesium.js, Workers, Assets, Widgets, ThirdParty). */
export const CESIUM_BASE_URL = `${import.meta.env.BASE_URL}cesium/`;

declare global {
  interface Window {
    /** Set by Cesium's prebuilt Cesium.js once its script has run. */
    Cesium?: Cesium;
    /** Read by Cesium.js to find its workers and assets. */
    CESIUM_BASE_URL?: string;
  }
}

let loading: Promise<Cesium> | undefined;

/**
 * Loads Cesium's prebuilt bundle once, only when a map is shown: the login and home pages download
 * none of it, and the app build does not re-bundle Cesium's sources.
 */
export function loadCesium(): Promise<Cesium> {
  loading ??= new Promise<Cesium>((resolve, reject) => {
    const global = window;
    if (global.Cesium) return resolve(global.Cesium);
    global.CESIUM_BASE_URL = CESIUM_BASE_URL;
    const styles = document.createElement('link');
    styles.rel = 'stylesheet';
    styles.href = `${CESIUM_BASE_URL}Widgets/widgets.css`;
    document.head.appendChild(styles);
    const script = document.createElement('script');
    script.src = `${CESIUM_BASE_URL}Cesium.js`;
    script.async = true;
    script.onload = () => (global.Cesium ? resolve(global.Cesium) : reject(new Error('三维地图组件加载失败')));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('三维地图组件加载失败'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
