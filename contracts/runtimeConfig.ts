/** `/app-config.json`: what the server tells the web app at start-up, so one build can be pointed at any backend. */
export interface RuntimeConfig {
  /** Base URL of the RuoYi-style API, e.g. `/api` or `https://ops.example.com/prod-api`. */
  apiBaseUrl: string;
  /** WebSocket address of the push channel; null derives it from the API base. */
  pushUrl: string | null;
  /** Show toasts for failed requests (spec section 8). */
  showErrorMessages: boolean;
  /** Fixed client constant sent in the auth-code header. */
  authCode: string;
  /** Plugins switched off by full id, e.g. ["device:wifi"]. */
  disabledPlugins: string[];
  /** Tile URL template ({z}/{x}/{y}) of a real basemap; null keeps the bundled offline imagery. */
  mapImageryUrl: string | null;
  /**
   * What the tiles of `mapImageryUrl` are drawn in: `wgs84` (absent: the default) or `gcj02`, the
   * offset coordinates of Chinese tile services (高德、腾讯…), which the globe shifts back so WGS-84
   * devices and effects sit on their streets.
   */
  mapImageryCrs?: 'wgs84' | 'gcj02';
  /** The intercom host of the quick-group calls (spec section 7, `{intercom host}/gis/sapi/…`); null: the API base. */
  intercomBaseUrl?: string | null;
  /** WebSocket address of the product socket (logout, repeat login, temporary calls); null derives it from the API base. */
  productSocketUrl?: string | null;
}
