import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import { testServer, type TestServer } from '../testing/testServer';
import { cspDirectives, securityHeaders, type SecurityHeaderOptions } from './securityHeaders';

let staticDir: string;
let server: TestServer | undefined;

beforeEach(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'ops-csp-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><title>城市运营指挥平台</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.info(1)');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(staticDir, { recursive: true, force: true });
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  server = await testServer({ staticDir, ...overrides });
  return server;
}

/** The CSP header as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const entries = String(header)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...sources]) => [name ?? '', sources] as const);
  return new Map(entries);
}

const PATHS = [
  ['the app', '/'],
  ['an SPA route', '/device'],
  ['a static file', '/assets/app.js'],
  ['an API reply', '/api/captchaImage'],
  ['an unknown API path', '/api/no-such-thing'],
  ['a missing file', '/assets/missing.js'],
] as const;

describe('security headers', () => {
  it.each(PATHS)('sends the CSP and the other headers on %s', async (_what, url) => {
    const { app } = await start();
    const reply = await app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(200);
    const policy = csp(reply.headers['content-security-policy']);
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-eval'", 'blob:'],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'", 'data:'],
      'worker-src': ["'self'", 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    expect(reply.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the app and the API as before', async () => {
    const { app } = await start();
    expect((await app.inject({ method: 'GET', url: '/device' })).headers['content-type']).toContain('text/html');
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.info(1)');
    expect((await app.inject({ method: 'GET', url: '/api/captchaImage' })).json()).toMatchObject({ code: 200 });
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing' })).json()).toEqual({ code: 404, msg: '请求地址不存在' });
  });

  it('lets the configured origins frame the app and then sends no X-Frame-Options', async () => {
    const { app } = await start({ frameAncestors: ['https://wall.example.com'] });
    for (const url of ['/', '/device', '/api/captchaImage']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(csp(reply.headers['content-security-policy']).get('frame-ancestors')).toEqual(['https://wall.example.com']);
      expect(reply.headers['x-frame-options']).toBeUndefined();
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("mirrors frame-ancestors 'self' as X-Frame-Options SAMEORIGIN", async () => {
    const { app } = await start({ frameAncestors: ["'self'"] });
    const reply = await app.inject({ method: 'GET', url: '/' });
    expect(csp(reply.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows the tile server of MAP_IMAGERY_URL for images and for Cesium’s tile requests', async () => {
    const { app } = await start({ appConfig: { mapImageryUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' } });
    const policy = csp((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'data:', 'https://tiles.example.com']);
  });
});

describe('cspDirectives', () => {
  const base = { apiBaseUrl: '/api', pushUrl: null, mapImageryUrl: null };

  it("adds Janus's browser address, the intercom host and the product socket to connect-src", () => {
    const directives = cspDirectives({
      frameAncestors: ["'none'"],
      appConfig: {
        apiBaseUrl: '/api',
        pushUrl: null,
        mapImageryUrl: null,
        intercomBaseUrl: 'https://intercom.example.com/sapi',
        productSocketUrl: 'wss://ops.example.com/product',
      },
      janusPublicUrl: 'ws://10.0.0.5:8188',
    });
    expect(directives['connect-src']).toEqual([
      "'self'",
      'data:',
      'https://intercom.example.com',
      'wss://ops.example.com',
      'ws://10.0.0.5:8188',
    ]);
    expect(
      cspDirectives({
        frameAncestors: ["'none'"],
        appConfig: { apiBaseUrl: '/api', pushUrl: null, mapImageryUrl: null },
        janusPublicUrl: 'https://janus.example.com/janus',
      })['connect-src'],
    ).toEqual(["'self'", 'data:', 'https://janus.example.com']);
  });

  it('adds an absolute API base and its push socket to connect-src', () => {
    const directives = cspDirectives({
      frameAncestors: ["'none'"],
      appConfig: { ...base, apiBaseUrl: 'https://ops.example.com/prod-api' },
    });
    expect(directives['connect-src']).toEqual(["'self'", 'data:', 'https://ops.example.com', 'wss://ops.example.com']);
  });

  it('adds an absolute push URL as a WebSocket source', () => {
    const directives = cspDirectives({ frameAncestors: ["'none'"], appConfig: { ...base, pushUrl: 'ws://push.example.com:9000/ws' } });
    expect(directives['connect-src']).toEqual(["'self'", 'data:', 'ws://push.example.com:9000']);
  });

  it('keeps same-origin paths to self and turns a tile subdomain template into a wildcard', () => {
    expect(
      cspDirectives({ frameAncestors: ["'none'"], appConfig: { ...base, mapImageryUrl: '/tiles/{z}/{x}/{y}.png' } })['img-src'],
    ).toEqual(["'self'", 'data:', 'blob:']);
    expect(
      cspDirectives({ frameAncestors: ["'none'"], appConfig: { ...base, mapImageryUrl: 'http://{s}.tiles.example.com/{z}/{x}/{y}.png' } })[
        'img-src'
      ],
    ).toContain('http://*.tiles.example.com');
  });

  it('never lets a malformed URL inject a directive', () => {
    const directives = cspDirectives({
      frameAncestors: ["'none'"],
      appConfig: { ...base, apiBaseUrl: "https://x.example.com;script-src 'unsafe-eval'/api" },
    });
    expect(directives['connect-src']).toEqual(["'self'", 'data:']);
  });
});

describe('headers built once', () => {
  /** What @fastify/helmet, as this server registered it before, sent for these options. */
  async function helmetHeaders(options: SecurityHeaderOptions): Promise<[string, unknown][]> {
    const directives = cspDirectives(options);
    const ancestors = directives['frame-ancestors'] ?? [];
    const onlyKeyword = ancestors.length === 1 ? ancestors[0] : undefined;
    const app = Fastify();
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives },
      xFrameOptions: onlyKeyword === "'none'" ? { action: 'deny' } : onlyKeyword === "'self'" ? { action: 'sameorigin' } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    return headersOf(app);
  }

  async function ourHeaders(options: SecurityHeaderOptions): Promise<[string, unknown][]> {
    const app = Fastify();
    await app.register(securityHeaders, options);
    return headersOf(app);
  }

  async function headersOf(app: ReturnType<typeof Fastify>): Promise<[string, unknown][]> {
    app.get('/x', async () => ({ code: 200 }));
    // A 404 too: the headers reach the not-found handler.
    const replies = [await app.inject({ method: 'GET', url: '/x' }), await app.inject({ method: 'GET', url: '/missing' })];
    await app.close();
    return replies.flatMap((reply) => Object.entries(reply.headers).filter(([name]) => name !== 'date'));
  }

  const appConfig = { apiBaseUrl: '/api', pushUrl: null, mapImageryUrl: null };
  it.each([
    ['the defaults', { frameAncestors: ["'none'"], appConfig }],
    ["frame-ancestors 'self'", { frameAncestors: ["'self'"], appConfig }],
    ['framing origins', { frameAncestors: ['https://wall.example.com', 'https://*.example.org'], appConfig }],
    ['no frame-ancestors given', { frameAncestors: [], appConfig }],
    [
      'absolute API, push and tile URLs',
      {
        frameAncestors: ["'none'"],
        appConfig: {
          apiBaseUrl: 'https://ops.example.com/api',
          pushUrl: 'wss://push.example.com/ws',
          mapImageryUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        },
      },
    ],
  ] as [string, SecurityHeaderOptions][])('sends exactly what @fastify/helmet sent, in its order, for %s', async (_what, options) => {
    const expected = await helmetHeaders(options);
    expect(expected.length).toBeGreaterThan(20);
    expect(await ourHeaders(options)).toEqual(expected);
  });

  it('refuses a source that would break out of its directive, as helmet did', async () => {
    await expect(
      securityHeaders(Fastify(), { frameAncestors: ["https://a.example.com; script-src 'unsafe-inline'"], appConfig }),
    ).rejects.toThrow(/invalid directive value/);
  });
});
