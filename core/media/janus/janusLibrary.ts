import type { JanusJS } from 'janus-gateway';

export type { JanusJS };

/** One Janus session as the rooms use it (a `Janus` instance of janus-gateway). */
export interface JanusGateway {
  attach(options: JanusJS.PluginOptions): void;
  destroy(callbacks?: JanusJS.DestroyOptions): void;
  isConnected(): boolean;
}

/**
 * The seam between the video rooms and the official janus-gateway client: everything VideoRoomSession
 * asks of the library goes through this, so tests drive it with a stand-in and production code never
 * contains one.
 */
export interface JanusLibrary {
  isWebrtcSupported(): boolean;
  /** `new Janus(options)`: creates the session over WebSocket or REST (the library picks by the address). */
  connect(options: JanusJS.ConstructorOptions): JanusGateway;
}

let loaded: Promise<JanusLibrary> | undefined;

/**
 * Loads janus-gateway and webrtc-adapter when a room is first joined (no page that does not use rooms
 * downloads them) and initialises the library once. janus-gateway has a default export only and takes
 * the adapter through `Janus.useDefaultDependencies({ adapter })`.
 */
export function loadJanusLibrary(): Promise<JanusLibrary> {
  loaded ??= (async () => {
    const [{ default: Janus }, { default: adapter }] = await Promise.all([import('janus-gateway'), import('webrtc-adapter')]);
    await new Promise<void>((resolve) =>
      Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: resolve }),
    );
    return {
      isWebrtcSupported: () => Janus.isWebrtcSupported(),
      connect: (options) => new Janus(options),
    };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
