import { createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { COMMAND_CHANNEL, DEVICE_CODE_PATTERN, TOPIC_ROOT, UPLINK_CHANNELS, deviceTopic } from './topics';

/**
 * Broker accounts: every device has its own user name and password, the server one account of its
 * own. Passwords are derived from a secret kept in DATA_DIR/mqtt/secret (created on first use), so the
 * server, the broker's files and the simulated devices (scripts/mqttDevices.ts) agree without a table
 * of passwords; a real device is given its password when it is provisioned.
 */
export const MQTT_DIR = 'mqtt';
export const DEFAULT_SERVER_USERNAME = 'ops-server';

export interface BrokerDevice {
  tenantId: number;
  code: string;
}

export const deviceUsername = (tenantId: number, code: string) => `dev-${tenantId}-${code}`;

/** Where the secret lives: MQTT_SECRET_FILE when given (several instances share one), else `<dataDir>/mqtt/secret`. */
export const secretFileOf = (dataDir: string, secretFile?: string) => secretFile ?? join(dataDir, MQTT_DIR, 'secret');

/** The secret the passwords are derived from; created (0600) when missing. */
export function loadSecret(dataDir: string, options: { create: boolean; secretFile?: string } = { create: true }): Buffer {
  const file = secretFileOf(dataDir, options.secretFile);
  const dir = dirname(file);
  const read = () => {
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (secret.length < 32) throw new Error(`MQTT 凭据密钥文件已损坏：${file}`);
    return secret;
  };
  if (existsSync(file)) return read();
  if (!options.create) throw new Error(`找不到 MQTT 凭据密钥 ${file}：请先以 MQTT_URL 启动一次服务器生成设备凭据`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written whole under another name, then linked into place: instances starting together all end up with the first one's secret.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return read();
}

export function devicePassword(secret: Buffer, tenantId: number, code: string): string {
  return createHmac('sha256', secret).update(`device:${tenantId}:${code}`).digest('base64url');
}

export function serverPassword(secret: Buffer, username: string): string {
  return createHmac('sha256', secret).update(`server:${username}`).digest('base64url');
}

/** Mosquitto 2's password hash: `$7$<iterations>$<salt, base64>$<PBKDF2-HMAC-SHA512, base64>` (what mosquitto_passwd writes). */
export function mosquittoPasswordHash(password: string, salt: Buffer = randomBytes(12), iterations = 101): string {
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether a mosquitto `$7$` hash is of this password. */
export function verifyMosquittoHash(password: string, encoded: string): boolean {
  const match = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(encoded);
  if (!match) return false;
  const expected = Buffer.from(match[3]!, 'base64');
  const actual = pbkdf2Sync(password, Buffer.from(match[2]!, 'base64'), Number(match[1]), expected.length, 'sha512');
  return expected.length > 0 && timingSafeEqual(actual, expected);
}

export interface BrokerFiles {
  passwordFile: string;
  aclFile: string;
  /** An example mosquitto.conf using both, listening where MQTT_URL points. */
  configFile: string;
  devices: number;
  /** Devices left out: their code cannot be used in a topic. */
  skipped: string[];
}

export interface BrokerAccounts {
  server: { username: string; password: string };
  devices: readonly BrokerDevice[];
  secret: Buffer;
  /** Extra accounts with their ACL lines (tests add a probe that may publish anywhere). */
  extra?: readonly { username: string; password: string; acl: readonly string[] }[];
}

/**
 * Writes Mosquitto's password file (mosquitto_passwd format) and ACL file under `<dataDir>/mqtt/`: each
 * device may publish only its own uplink topics (its acks also on its reply topics `…/ack/<instance>`)
 * and read only its own command topic; the server reads every uplink and writes every command topic. A hash still matching its password is kept, so the files
 * change only when the accounts do (the broker then needs a reload: `kill -HUP`).
 */
export function writeBrokerFiles(
  dataDir: string,
  accounts: BrokerAccounts,
  listen: { host: string; port: number } = { host: '127.0.0.1', port: 1883 },
): BrokerFiles {
  const dir = join(dataDir, MQTT_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const passwordFile = join(dir, 'passwd');
  const aclFile = join(dir, 'acl');
  const configFile = join(dir, 'mosquitto.conf');
  const previous = new Map<string, string>();
  if (existsSync(passwordFile)) {
    for (const line of readFileSync(passwordFile, 'utf8').split('\n')) {
      const at = line.indexOf(':');
      if (at > 0) previous.set(line.slice(0, at), line.slice(at + 1));
    }
  }
  const hashOf = (username: string, password: string) => {
    const known = previous.get(username);
    return known !== undefined && verifyMosquittoHash(password, known) ? known : mosquittoPasswordHash(password);
  };
  const skipped: string[] = [];
  const passwords: string[] = [`${accounts.server.username}:${hashOf(accounts.server.username, accounts.server.password)}`];
  const acl: string[] = [
    '# 由服务器生成（server/mqtt/credentials.ts），请勿手工修改：每台设备只能发布自己租户、自己编码下的主题。',
    `user ${accounts.server.username}`,
    ...UPLINK_CHANNELS.map((channel) => `topic read ${TOPIC_ROOT}/+/+/${channel}`),
    // Each instance reads its reply topics, and hands a plain ack on to the reply topic of the instance that sent the command.
    `topic readwrite ${TOPIC_ROOT}/+/+/ack/+`,
    `topic write ${TOPIC_ROOT}/+/+/${COMMAND_CHANNEL}`,
    '',
  ];
  for (const extra of accounts.extra ?? []) {
    passwords.push(`${extra.username}:${hashOf(extra.username, extra.password)}`);
    acl.push(`user ${extra.username}`, ...extra.acl, '');
  }
  let count = 0;
  for (const device of accounts.devices) {
    if (!DEVICE_CODE_PATTERN.test(device.code)) {
      skipped.push(device.code);
      continue;
    }
    const username = deviceUsername(device.tenantId, device.code);
    passwords.push(`${username}:${hashOf(username, devicePassword(accounts.secret, device.tenantId, device.code))}`);
    acl.push(
      `user ${username}`,
      ...UPLINK_CHANNELS.map((channel) => `topic write ${deviceTopic(device.tenantId, device.code, channel)}`),
      // The response topics its commands name (one per server instance).
      `topic write ${deviceTopic(device.tenantId, device.code, 'ack')}/+`,
      `topic read ${deviceTopic(device.tenantId, device.code, COMMAND_CHANNEL)}`,
      '',
    );
    count++;
  }
  writeAtomically(passwordFile, `${passwords.join('\n')}\n`);
  writeAtomically(aclFile, `${acl.join('\n')}\n`);
  writeAtomically(configFile, mosquittoConfig({ ...listen, passwordFile, aclFile, persistenceDir: join(dir, 'broker-data') }));
  return { passwordFile, aclFile, configFile, devices: count, skipped };
}

/** A mosquitto.conf for these files: no anonymous clients, every account checked against the ACL. */
export function mosquittoConfig(options: {
  host: string;
  port: number;
  passwordFile: string;
  aclFile: string;
  runAsUser?: string;
  persistenceDir?: string;
}): string {
  return [
    '# 由服务器生成的示例配置：mosquitto -c 此文件',
    ...(options.runAsUser ? [`user ${options.runAsUser}`] : []),
    'per_listener_settings false',
    'allow_anonymous false',
    `password_file ${options.passwordFile}`,
    `acl_file ${options.aclFile}`,
    `listener ${options.port} ${options.host}`,
    // What the broker holds for a server instance that is away (restart, failover) survives a broker
    // restart too: the sessions and their queues are saved when it stops and every 60 s.
    ...(options.persistenceDir
      ? ['persistence true', `persistence_location ${options.persistenceDir.replace(/\/?$/, '/')}`, 'autosave_interval 60']
      : ['persistence false']),
    // A server instance away for a minute at 10,000 reports/s still finds them all queued (the default keeps 1,000).
    'max_queued_messages 1000000',
    // Server instances acknowledge a batch once it is stored: let a few batches be in flight to each (MQTT 5 clients ask for less).
    'max_inflight_messages 0',
    '',
  ].join('\n');
}

function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
