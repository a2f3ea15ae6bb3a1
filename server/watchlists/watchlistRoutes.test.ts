import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlateTarget, plateMatches } from '../../contracts/watchlists';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { plateOfPattern } from './watchlistPasses';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const HOUR = 3_600_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a0000000000', 'latin1');
const WEBP = Buffer.from('RIFF0000WEBPVP8 0000', 'latin1');

const countRows = async () => {
  const db = server.services.ctx.db;
  const count = async (table: 'watchlist_deployments' | 'watchlist_targets' | 'watchlist_photos' | 'watchlist_hits') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [
    await count('watchlist_deployments'),
    await count('watchlist_targets'),
    await count('watchlist_photos'),
    await count('watchlist_hits'),
  ];
};
const upload = async (payload: Buffer, contentType = 'image/png') =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/api/watchlist/photo',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    })
  ).json() as { code: number; msg: string; data?: { photoId: number } };

describe('the plate pattern language', () => {
  it('takes whole plates and patterns with ? and *, refusing what would match everything or is no plate, naming it', () => {
    expect(parsePlateTarget(' 浙a·12345 ')).toEqual({ kind: 'plate', value: '浙A12345' });
    expect(parsePlateTarget('浙A1234?')).toEqual({ kind: 'pattern', value: '浙A1234?' });
    expect(parsePlateTarget('*888')).toEqual({ kind: 'pattern', value: '*888' });
    expect(parsePlateTarget('浙A123')).toEqual({ problem: '「浙A123」不是完整车牌（如 浙A12345），也不含通配符 * 或 ?' });
    expect(parsePlateTarget('*A*')).toEqual({ problem: '「*A*」至少要有两个确定的字符，否则会匹配所有车牌' });
    expect(parsePlateTarget('浙A%1')).toMatchObject({ problem: expect.stringContaining('不允许的字符') });
    expect(parsePlateTarget('浙A**1')).toMatchObject({ problem: expect.stringContaining('连续的 *') });
    const pattern = { kind: 'pattern' as const, value: '浙A1234?' };
    expect(['浙A12345', '浙A1234Z', '浙A123456', '浙B12345'].map((plate) => plateMatches(pattern, plate))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(plateMatches({ kind: 'pattern', value: '浙A*' }, '浙A9')).toBe(true);
    let seed = 0.1;
    const random = () => (seed = (seed * 9301 + 0.49297) % 1);
    for (const text of ['浙A*', '浙A1234?', '*888', '?B12345', '浙?8*8'])
      expect(plateMatches({ kind: 'pattern', value: text }, plateOfPattern(text, random)!)).toBe(true);
  });
});

describe('POST /watchlist and the photo upload refuse bad input', () => {
  it('refuses every bad body with a Chinese message naming the field, and stores nothing', async () => {
    const cameras = (await server.api('GET', '/watchlist/cameras', { token })).body.data as { deviceId: number }[];
    const camera = cameras[0]!.deviceId;
    const photoId = (await upload(JPEG, 'image/jpeg')).data!.photoId;
    const before = await countRows();
    const now = TEST_CLOCK_START;
    const good = {
      kind: 'vehicle',
      name: '测试',
      eventType: 'CAR_DEFENSE',
      deviceIds: [camera],
      validFrom: now,
      validUntil: now + HOUR,
      plates: ['浙A12345'],
    };
    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [{ ...good, kind: 'boat' }, /布防类别（kind）不正确/],
      [{ ...good, name: '' }, '请填写布防名称（name）'],
      [{ ...good, name: '   ' }, '请填写布防名称（name）'],
      [{ ...good, name: undefined }, '请填写布防名称（name）'],
      [{ ...good, eventType: 'BLACK_FACE_DEFENSE' }, '布防类型（eventType）BLACK_FACE_DEFENSE 不能用于车辆布防'],
      [{ ...good, eventType: 'FIRE' }, /布防类型（eventType）不正确/],
      [{ ...good, grade: 'URGENT' }, /告警等级（grade）不正确/],
      [{ ...good, deviceIds: [] }, '请选择摄像机（deviceIds）或区域（areas）'],
      [{ ...good, deviceIds: undefined }, '请选择摄像机（deviceIds）或区域（areas）'],
      [{ ...good, deviceIds: [], areas: [] }, '请选择摄像机（deviceIds）或区域（areas）'],
      [{ ...good, areas: ['火星'] }, '区域（areas）中「火星」不是本租户的区域'],
      [{ ...good, deviceIds: [], areas: ['江南大道', '断桥', '西湖'] }, '区域（areas）中「断桥」「西湖」不是本租户的区域'],
      [{ ...good, areas: Array.from({ length: 21 }, () => '江南大道') }, /^区域（areas）必须是最多 20 个区域名称的列表/],
      [{ ...good, areas: [''] }, /^区域（areas）必须是最多 20 个区域名称的列表/],
      [{ ...good, areas: '江南大道' }, /区域（areas）/],
      [{ ...good, deviceIds: [999999] }, '摄像机（deviceIds）中 999999 不是本租户的识别摄像机'],
      [{ ...good, deviceIds: 'all' }, /摄像机（deviceIds）/],
      [{ ...good, validFrom: 'today' }, /生效时间（validFrom）必须是毫秒时间戳/],
      [{ ...good, validUntil: now - 1 }, '失效时间（validUntil）必须晚于生效时间（validFrom）'],
      [{ ...good, validFrom: now - 2 * HOUR, validUntil: now - HOUR }, '失效时间（validUntil）必须晚于现在'],
      [{ ...good, validUntil: now + 400 * 24 * HOUR }, '布防时间（validFrom 至 validUntil）不能超过 366 天'],
      [{ ...good, intervalMinutes: 0 }, /告警间隔（intervalMinutes）必须在 1 到 1440 分钟 之间/],
      [{ ...good, plates: [] }, '请填写要布控的车牌（plates）'],
      [{ ...good, plates: ['浙A12345', '浙A%'] }, /车牌（plates）第 2 项「浙A%」含有不允许的字符/],
      [{ ...good, plates: ['*'] }, /车牌（plates）第 1 项「\*」至少要有两个确定的字符/],
      [{ ...good, plates: ['浙A1'] }, /车牌（plates）第 1 项「浙A1」不是完整车牌/],
      [{ ...good, plates: [''] }, /^车牌（plates）必须是最多 50 个车牌或车牌规则的列表/],
      [{ ...good, people: [{ name: '张三', photoId }] }, '车辆布防不能布控人员（people）'],
      [{ ...good, kind: 'face', eventType: 'ORDINARY_DEFENSE' }, '人脸布防不能布控车牌（plates）'],
      [{ ...good, kind: 'face', eventType: 'ORDINARY_DEFENSE', plates: undefined }, '请添加要布控的人员（people）'],
      [
        { ...good, kind: 'face', eventType: 'ORDINARY_DEFENSE', plates: undefined, people: [{ name: '张三' }] },
        /^人员（people）必须是最多 50 人的列表/,
      ],
      [
        { ...good, kind: 'face', eventType: 'ORDINARY_DEFENSE', plates: undefined, people: [{ name: '张三', photoId: 999999 }] },
        '人员（people）第 1 项的照片 999999 不存在，请重新上传',
      ],
    ];
    for (const [body, message] of refusals) {
      const { body: reply } = await server.api('POST', '/watchlist', { token, json: true, body });
      expect(reply.code, JSON.stringify(body)).toBe(400);
      expect(reply.msg, JSON.stringify(body)).toMatch(message);
    }
    expect(await countRows()).toEqual(before);
    expect((await server.api('POST', '/watchlist', { token, json: true, body: good })).body.data).toMatchObject({
      deviceIds: [camera],
      areas: [],
    });
    const both = { ...good, areas: ['江南大道', '江南大道', '滨盛路'] };
    expect((await server.api('POST', '/watchlist', { token, json: true, body: both })).body.data).toMatchObject({
      deviceIds: [camera],
      areas: ['江南大道', '滨盛路'],
    });
  });

  it('takes JPEG and PNG people photos by their bytes (≤ 2 MB) and refuses anything else with nothing stored', async () => {
    const folder = join(server.dataDir, 'watchlists', '1');
    expect(await upload(GIF)).toMatchObject({ code: 400, msg: '人员照片（photo）必须是 JPEG 或 PNG 图片' });
    expect(await upload(WEBP, 'image/webp')).toMatchObject({ code: 400, msg: '人员照片（photo）必须是 JPEG 或 PNG 图片' });
    expect(await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 0xff))).toMatchObject({ code: 413, msg: '人员照片（photo）不能超过 2 MB' });
    expect(await upload(Buffer.from('{"a":1}'), 'application/json')).toMatchObject({ code: 400 });
    expect(await upload(JPEG, 'multipart/form-data; boundary=x')).toMatchObject({
      code: 415,
      msg: expect.stringContaining('人员照片（photo）'),
    });
    expect(await countRows()).toEqual([0, 0, 0, 0]);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    const stored = await upload(JPEG, 'application/octet-stream');
    expect(stored).toMatchObject({ code: 200, data: { photoId: expect.any(Number) } });
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it('refuses bad queries naming the field', async () => {
    for (const [url, message] of [
      ['/watchlist/list?kind=boat', /布防类别（kind）不正确/],
      ['/watchlist/list?status=gone', /布防状态（status）不正确/],
      ['/watchlist/hits?deploymentId=abc', /布防编号（deploymentId）必须是正整数/],
      ['/watchlist/hits?pageSize=1000', /每页条数不能超过 100/],
      ['/watchlist/abc', /布防编号（deploymentId）/],
    ] as const) {
      const { body } = await server.api('GET', url, { token });
      expect(body.code, url).toBe(400);
      expect(body.msg, url).toMatch(message);
    }
  });
});
