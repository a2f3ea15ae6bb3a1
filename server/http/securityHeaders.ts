import helmet from '@fastify/helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppRuntimeConfig } from '../config';

export interface SecurityHeaderOptions {
  /** CSP frame-ancestors, already checked by config.ts: `'none'`, `'self'` or origins. */
  frameAncestors: string[];
  /** The extra origins the web app talks to come from what it is told in /app-config.json. */
  appConfig: Pick<AppRuntimeConfig, 'apiBaseUrl' | 'pushUrl' | 'mapImageryUrl' | 'intercomBaseUrl' | 'productSocketUrl'>;
  /** Janus's address for browsers (video rooms and intercom talk to it directly), when rooms are on. */
  janusPublicUrl?: string;
}

/**
 * `scheme://host[:port]` of an absolute URL with one of `schemes`, else null (relative URLs are same-origin).
 * A template subdomain (`https://{s}.tiles.example.com/…`) becomes the CSP wildcard `*.`.
 */
function originOf(url: string | null | undefined, schemes: readonly string[]): { scheme: string; host: string } | null {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  const scheme = match[1].toLowerCase();
  if (!schemes.includes(scheme)) return null;
  const host = match[2].toLowerCase().replace(/^\{[^}]*\}\./, '*.');
  // Anything still odd (another template part, a quote, a space) must not reach the header.
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host)) return null;
  return { scheme, host };
}

const secure = (scheme: string) => scheme === 'https' || scheme === 'wss';

/** The Content-Security-Policy directives for this deployment (exported for the tests). */
export function cspDirectives({ frameAncestors, appConfig, janusPublicUrl }: SecurityHeaderOptions): Record<string, string[]> {
  // data:: the map's device markers fetch() their kind's icon, which Vite inlines as a data: SVG
  // (core/map/DeviceLayer.ts drawMarker). A data: fetch reads nothing from the network.
  const connect = new Set<string>(["'self'", 'data:']);
  const images = new Set<string>(["'self'", 'data:', 'blob:']);
  const api = originOf(appConfig.apiBaseUrl, ['http', 'https']);
  if (api) {
    connect.add(`${api.scheme}://${api.host}`);
    // Without a pushUrl the socket is the API base with a ws scheme (core/push/PushClient.ts pushUrlFor).
    if (!appConfig.pushUrl) connect.add(`${secure(api.scheme) ? 'wss' : 'ws'}://${api.host}`);
  }
  const push = originOf(appConfig.pushUrl, ['ws', 'wss', 'http', 'https']);
  if (push) connect.add(`${secure(push.scheme) ? 'wss' : 'ws'}://${push.host}`);
  const intercom = originOf(appConfig.intercomBaseUrl, ['http', 'https']);
  if (intercom) connect.add(`${intercom.scheme}://${intercom.host}`);
  const productSocket = originOf(appConfig.productSocketUrl, ['ws', 'wss', 'http', 'https']);
  if (productSocket) connect.add(`${secure(productSocket.scheme) ? 'wss' : 'ws'}://${productSocket.host}`);
  // Janus over WebSocket (ws/wss) or REST long poll (http/https): exactly the scheme it is reached by.
  const janus = originOf(janusPublicUrl, ['ws', 'wss', 'http', 'https']);
  if (janus) connect.add(`${janus.scheme}://${janus.host}`);
  const tiles = originOf(appConfig.mapImageryUrl, ['http', 'https']);
  if (tiles) {
    // Cesium fetches tiles with XHR (then createImageBitmap), so the tile host is a connect source too.
    images.add(`${tiles.scheme}://${tiles.host}`);
    connect.add(`${tiles.scheme}://${tiles.host}`);
  }
  return {
    'default-src': ["'self'"],
    // No inline script in the build (dist/index.html loads /assets/*.js; Cesium.js is a same-origin script
    // tag), so no 'unsafe-inline'. 'unsafe-eval' is needed, checked in Chromium: ajv compiles the plugin
    // manifest schemas in the browser with new Function (core/plugins/validateManifests.ts; the app dies
    // after login without it), Cesium.js's bundled Knockout runs (0,eval)("this") when a viewer starts,
    // and Cesium's workers compile WebAssembly. blob:: Cesium.js embeds its workers and starts each as a
    // blob: worker that importScripts() another blob:, which is checked against script-src.
    'script-src': ["'self'", "'unsafe-eval'", 'blob:'],
    'script-src-attr': ["'none'"],
    // React and Blueprint set style="" attributes (popover positions, virtual list offsets), Cesium sizes
    // its canvas the same way; hashes cannot cover run-time values, and inline CSS cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The login captcha is a data: SVG; Cesium shows fetched images through blob: URLs where it cannot decode them to ImageBitmaps.
    'img-src': [...images],
    'connect-src': [...connect],
    // Cesium.js starts its embedded workers from blob: URLs; 'self' covers same-origin worker files.
    'worker-src': ["'self'", 'blob:'],
    // Alarm sounds under /sounds/; video streams will play from MediaSource blob: URLs.
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors.length > 0 ? frameAncestors : ["'none'"],
  };
}

/** `setHeader` calls recorded in order: what a helmet middleware would set on a response. */
function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const request = new IncomingMessage(new Socket());
  const recorder = new HeaderRecorder(request);
  middleware(request, recorder, (error) => {
    if (error) throw error;
  });
  return recorder.recorded;
}

/** A response that only notes the headers set on it, by name as given and in order (nothing is sent). */
class HeaderRecorder extends ServerResponse {
  readonly recorded: [string, string][] = [];

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.recorded.push([name, String(value)]);
    return this;
  }
}

/**
 * The headers of every reply, in the order helmet sets them, with helmet's values for the options this
 * server used to register @fastify/helmet with (securityHeaders.test.ts compares them with the plugin's
 * output). The CSP string comes from helmet's own builder, which also refuses a malformed source.
 */
export function securityHeaderList(options: SecurityHeaderOptions): [string, string][] {
  const directives = cspDirectives(options);
  const ancestors = directives['frame-ancestors'] ?? [];
  const onlyKeyword = ancestors.length === 1 ? ancestors[0] : undefined;
  // X-Frame-Options cannot name an allow-list: DENY / SAMEORIGIN mirror the keywords, else CSP alone decides.
  const frameOptions = onlyKeyword === "'none'" ? 'DENY' : onlyKeyword === "'self'" ? 'SAMEORIGIN' : undefined;
  return [
    // Our own list only: helmet's defaults add upgrade-insecure-requests, which breaks plain http on loopback.
    ...recordHeaders(helmet.contentSecurityPolicy({ useDefaults: false, directives })),
    // No Cross-Origin-Embedder-Policy: cross-origin tile servers and video sources send no CORP header,
    // and require-corp would block them.
    // Helmet's defaults kept on purpose: COOP same-origin (the app opens no cross-origin popups) and
    // CORP same-origin (nothing of ours is embedded by another origin; CORS fetches are not affected).
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    // The origin (never the path or query with ids) still reaches a tile server whose key is bound to a referrer.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // No Strict-Transport-Security: HSTS belongs to the TLS front end; a year-long includeSubDomains pin is not this server's call.
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ...(frameOptions ? [['X-Frame-Options', frameOptions] as [string, string]] : []),
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    // Helmet also removes X-Powered-By, which neither Fastify nor @fastify/static ever sets.
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * Security headers on every reply (the app's HTML, static files, API JSON, the SPA fallback and 404s):
 * CSP, nosniff, frame protection, referrer policy. They depend only on the configuration, so they are
 * worked out once here; @fastify/helmet built its middleware again on every request (a sixth of a small
 * API call's CPU).
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const headers = securityHeaderList(options);
  // On the raw response before anything else runs, as helmet did: they come first and a reply may still override one.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

// Like fastify-plugin: the hook must reach every route and the not-found handler, not only this plugin's scope.
Object.assign(securityHeaders, { [Symbol.for('skip-override')]: true });
