import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  devicePassword,
  deviceUsername,
  loadSecret,
  mosquittoPasswordHash,
  serverPassword,
  verifyMosquittoHash,
  writeBrokerFiles,
} from './credentials';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-mqtt-cred-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mosquittoPasswd = ['/usr/bin/mosquitto_passwd', '/usr/local/bin/mosquitto_passwd'].find((path) => existsSync(path));

describe('broker credentials', () => {
  it('hashes passwords in mosquitto_passwd format ($7$, PBKDF2-SHA512) and verifies them', () => {
    const hash = mosquittoPasswordHash('geheim');
    expect(hash).toMatch(/^\$7\$101\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(verifyMosquittoHash('geheim', hash)).toBe(true);
    expect(verifyMosquittoHash('geheim2', hash)).toBe(false);
    expect(verifyMosquittoHash('geheim', 'plain-text')).toBe(false);
  });

  it.skipIf(!mosquittoPasswd)('reads hashes that mosquitto_passwd wrote (same format both ways)', () => {
    const file = join(tempDir(), 'passwd');
    execFileSync(mosquittoPasswd!, ['-c', '-b', file, 'alice', 's3cret']);
    const [user, hash] = readFileSync(file, 'utf8').trim().split(':');
    expect(user).toBe('alice');
    expect(verifyMosquittoHash('s3cret', hash!)).toBe(true);
    expect(verifyMosquittoHash('wrong', hash!)).toBe(false);
  });

  it('keeps one secret per data directory (0600) and derives a password per device and for the server', () => {
    const dir = tempDir();
    expect(() => loadSecret(dir, { create: false })).toThrow('找不到 MQTT 凭据密钥');
    const secret = loadSecret(dir);
    expect(loadSecret(dir)).toEqual(secret);
    expect(statSync(join(dir, 'mqtt', 'secret')).mode & 0o777).toBe(0o600);
    expect(devicePassword(secret, 1, 'LAMP-1-000001')).toBe(devicePassword(secret, 1, 'LAMP-1-000001'));
    expect(devicePassword(secret, 1, 'LAMP-1-000001')).not.toBe(devicePassword(secret, 2, 'LAMP-1-000001'));
    expect(serverPassword(secret, 'ops-server')).not.toBe(devicePassword(secret, 1, 'ops-server'));
    expect(devicePassword(loadSecret(tempDir()), 1, 'LAMP-1-000001')).not.toBe(devicePassword(secret, 1, 'LAMP-1-000001'));
  });

  it('writes an ACL in which each device may publish only its own topics and read only its own commands', () => {
    const dir = tempDir();
    const secret = loadSecret(dir);
    const files = writeBrokerFiles(dir, {
      server: { username: 'ops-server', password: 'pw' },
      devices: [
        { tenantId: 1, code: 'LAMP-1-000001' },
        { tenantId: 2, code: 'CAM-2-000009' },
        { tenantId: 1, code: 'bad/code' },
      ],
      secret,
    });
    expect(files).toMatchObject({ devices: 2, skipped: ['bad/code'] });
    const acl = readFileSync(files.aclFile, 'utf8');
    const block = (user: string) =>
      acl
        .split('\n\n')
        .find((part) => part.includes(`user ${user}\n`))!
        .split('\n')
        .filter((line) => line.startsWith('topic'));
    expect(block('dev-1-LAMP-1-000001')).toEqual([
      'topic write ops/1/LAMP-1-000001/telemetry',
      'topic write ops/1/LAMP-1-000001/status',
      'topic write ops/1/LAMP-1-000001/alarm',
      'topic write ops/1/LAMP-1-000001/ack',
      'topic write ops/1/LAMP-1-000001/ack/+',
      'topic read ops/1/LAMP-1-000001/command',
    ]);
    expect(block('ops-server')).toEqual([
      'topic read ops/+/+/telemetry',
      'topic read ops/+/+/status',
      'topic read ops/+/+/alarm',
      'topic read ops/+/+/ack',
      'topic readwrite ops/+/+/ack/+',
      'topic write ops/+/+/command',
    ]);
    expect(acl).not.toContain('bad/code');
    // No `pattern` line, and a device's only wildcard is the last level of its own reply topics.
    expect(acl).not.toMatch(/^pattern/m);
    expect(
      acl
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('topic') &&
            line.includes('+') &&
            !line.includes('ops/+/+/') &&
            !/^topic write ops\/\d+\/[^/+#]+\/ack\/\+$/.test(line),
        ),
    ).toEqual([]);
    const passwords = new Map(
      readFileSync(files.passwordFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
    );
    expect([...passwords.keys()]).toEqual(['ops-server', deviceUsername(1, 'LAMP-1-000001'), deviceUsername(2, 'CAM-2-000009')]);
    expect(verifyMosquittoHash(devicePassword(secret, 2, 'CAM-2-000009'), passwords.get('dev-2-CAM-2-000009')!)).toBe(true);
    expect(verifyMosquittoHash('pw', passwords.get('ops-server')!)).toBe(true);
    expect(statSync(files.passwordFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(files.configFile, 'utf8')).toContain('allow_anonymous false');
  });

  it('rewrites the files unchanged when the accounts are the same (no broker reload needed)', () => {
    const dir = tempDir();
    const secret = loadSecret(dir);
    const accounts = { server: { username: 'ops-server', password: 'pw' }, devices: [{ tenantId: 1, code: 'A-1' }], secret };
    const first = writeBrokerFiles(dir, accounts);
    const before = readFileSync(first.passwordFile, 'utf8');
    writeBrokerFiles(dir, accounts);
    expect(readFileSync(first.passwordFile, 'utf8')).toBe(before);
    writeBrokerFiles(dir, { ...accounts, server: { username: 'ops-server', password: 'changed' } });
    const changed = readFileSync(first.passwordFile, 'utf8');
    expect(changed).not.toBe(before);
    expect(changed.split('\n')[1]).toBe(before.split('\n')[1]);
  });
});
