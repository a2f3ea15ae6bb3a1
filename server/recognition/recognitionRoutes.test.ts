import { describe, expect, it } from 'vitest';
import {
  RECOGNITION_API,
  RECOGNITION_DICT_CODES,
  RECOGNITION_DICTS,
  recognitionSnapshotPath,
  type RecognitionRecord,
} from '../../contracts/recognition';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { seedMissingDictionaries } from '../seed/seed';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { RecognitionService } from './RecognitionService';
import { recognitionRow } from './recognitionTestRows';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = TEST_CLOCK_START;
type Reply = { code: number; msg: string; rows?: RecognitionRecord[]; total?: number };

const cameraOf = async (tenantId: number) =>
  server.services.ctx.db
    .selectFrom('devices')
    .select(['device_id', 'longitude', 'latitude'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'camera')
    .orderBy('device_id')
    .execute();

const record = recognitionRow;
const vehicle = (tenantId: number, deviceId: number, at: number, plate: string) =>
  record(tenantId, deviceId, at, { plate, plate_color: 'BLUE', vehicle_type: 'CAR', vehicle_color: 'WHITE', power_type: 'RYC' });

const search = async (query: Record<string, string | number>, as = token) =>
  (
    await server.api('GET', `${RECOGNITION_API.list}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
      token: as,
    })
  ).body as Reply;
const lastDay = { beginTime: NOW - DAY, endTime: NOW };

/** The admin, switched to tenant 2. */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};

async function plantPlates() {
  const [first, second] = await cameraOf(1);
  const [foreign] = await cameraOf(2);
  await RecognitionService.insert(server.services.ctx.db, [
    vehicle(1, first!.device_id, NOW - 3 * HOUR, '渝A12345'),
    vehicle(1, second!.device_id, NOW - 2 * HOUR, '浙A88345'),
    vehicle(1, first!.device_id, NOW - HOUR, '浙B67890'),
    record(1, second!.device_id, NOW - 30 * 60_000, { kind: 'face', age_band: 'YOUTH', gender: '1', attributes: ',GLASSES,MASK,' }),
    // Outside the range searched, and another tenant's.
    vehicle(1, first!.device_id, NOW - 2 * DAY, '浙A00345'),
    vehicle(2, foreign!.device_id, NOW - HOUR, '浙A99345'),
  ]);
  return { first: first!.device_id, second: second!.device_id };
}

describe('GET /recognition/list', () => {
  it('finds records by partial plate (a middle, an end, a beginning, typed in lower case or with the dot) within the range, newest first', async () => {
    await plantPlates();
    const plates = async (plate: string) => (await search({ ...lastDay, plate })).rows?.map((row) => row.plate);
    expect(await plates('345')).toEqual(['浙A88345', '渝A12345']);
    expect(await plates('a12')).toEqual(['渝A12345']);
    expect(await plates('浙')).toEqual(['浙B67890', '浙A88345']);
    expect(await plates('浙A·88345')).toEqual(['浙A88345']);
    expect(await plates('鲁')).toEqual([]);
    const reply = await search({ ...lastDay, plate: '12345' });
    expect(reply.rows![0]).toMatchObject({
      kind: 'vehicle',
      plateColor: 'BLUE',
      powerType: 'RYC',
      hasSnapshot: false,
      deviceName: expect.any(String),
    });
  });

  it('filters by camera, kind and attributes, pages with a total', async () => {
    const { first, second } = await plantPlates();
    const ids = async (query: Record<string, string | number>) =>
      (await search({ ...lastDay, ...query })).rows!.map((row) => row.plate ?? row.kind);
    expect(await ids({ deviceIds: String(first) })).toEqual(['浙B67890', '渝A12345']);
    expect(await ids({ deviceIds: `${first},${second}`, kind: 'vehicle' })).toEqual(['浙B67890', '浙A88345', '渝A12345']);
    expect(await ids({ kind: 'face', faceAttribute: 'MASK', gender: '1' })).toEqual(['face']);
    expect(await ids({ kind: 'face', faceAttribute: 'HAT' })).toEqual([]);
    const page = await search({ ...lastDay, pageNum: 2, pageSize: 2 });
    expect(page.total).toBe(4);
    expect(page.rows!.map((row) => row.plate)).toEqual(['浙A88345', '渝A12345']);
  });

  it("never shows another tenant's records, by search or by snapshot", async () => {
    await plantPlates();
    expect((await search({ ...lastDay, plate: '99345' })).rows).toEqual([]);
    const other = await otherTenant();
    const theirs = await search({ ...lastDay, plate: '345' }, other);
    expect(theirs.rows!.map((row) => row.plate)).toEqual(['浙A99345']);
    const mine = await search({ ...lastDay, plate: '345' });
    const snapshot = await server.api('GET', recognitionSnapshotPath(mine.rows![0]!.recordId), { token: other });
    expect(snapshot.body).toEqual({ code: 404, msg: '识别记录不存在' });
  });

  it('refuses bad input with a Chinese message naming the field, and changes nothing', async () => {
    await plantPlates();
    const count = async () =>
      Number(
        (
          await server.services.ctx.db
            .selectFrom('recognition_records')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = async (query: Record<string, string | number>) => {
      const reply = await search(query);
      expect(reply.code).toBe(400);
      return reply.msg;
    };
    expect(await refused({ endTime: NOW })).toBe('请指定开始时间（beginTime）');
    expect(await refused({ beginTime: NOW, endTime: NOW - 1 })).toBe('结束时间（endTime）不能早于开始时间（beginTime）');
    expect(await refused({ beginTime: NOW - 32 * DAY, endTime: NOW })).toContain('不能超过 31 天');
    expect(await refused({ ...lastDay, kind: 'ufo' })).toContain('识别类型（kind）不正确');
    expect(await refused({ ...lastDay, pageSize: 101 })).toBe('每页条数不能超过 100');
    expect(await refused({ ...lastDay, plate: '浙A123456789' })).toBe('车牌（plate）不能超过 10 个字符');
    expect(await refused({ ...lastDay, plate: '浙%' })).toBe('车牌（plate）只能包含汉字、字母和数字');
    expect(await refused({ ...lastDay, deviceIds: '1,x' })).toContain('摄像机（deviceIds）');
    expect(await refused({ ...lastDay, beginTime: 'yesterday' })).toContain('开始时间（beginTime）');
    expect(await count()).toBe(before);
  });

  it('lists the tenant’s cameras for the search form', async () => {
    const reply = (await server.api('GET', RECOGNITION_API.cameras, { token })).body as { data: { deviceId: number }[] };
    expect(reply.data.map((camera) => camera.deviceId)).toEqual(expect.arrayContaining((await cameraOf(1)).map((row) => row.device_id)));
  });
});

describe('GET /recognition/export', () => {
  it('streams every matching record as CSV with a BOM, Chinese headers and dictionary labels, newest first', async () => {
    const [camera] = await cameraOf(1);
    // More rows than one batch of the export's keyset paging reads.
    const rows = Array.from({ length: 4500 }, (_, index) =>
      vehicle(1, camera!.device_id, NOW - DAY + index * 1000, `浙A${String(index).padStart(5, '0')}`),
    );
    await RecognitionService.insert(server.services.ctx.db, rows);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api${RECOGNITION_API.export}?beginTime=${NOW - DAY}&endTime=${NOW}&plate=${encodeURIComponent('浙A')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('4500');
    const text = response.body;
    expect(text.startsWith('\uFEFF记录编号,识别时间,摄像机')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4501);
    expect(lines[1]).toContain('浙A·04499');
    expect(lines[1]).toContain('机动车');
    expect(lines[1]).toContain('蓝牌');
    expect(lines[4500]).toContain('浙A·00000');
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(4500);
  });

  it('refuses an export above its row limit before sending anything, and bad input like the search', async () => {
    const [camera] = await cameraOf(1);
    await RecognitionService.insert(
      server.services.ctx.db,
      [1, 2, 3, 4].map((n) => vehicle(1, camera!.device_id, NOW - n * HOUR, `浙A1234${n}`)),
    );
    const { recognition } = server.services;
    await expect(recognition.exportSize(1, { ...lastDay }, 3)).rejects.toThrow('导出条数 4 超过上限 3');
    expect(await recognition.exportSize(1, { ...lastDay }, 4)).toBe(4);
    const refused = await server.api('GET', `${RECOGNITION_API.export}?beginTime=${NOW}&endTime=${NOW - DAY}`, { token });
    expect(refused.body).toEqual({ code: 400, msg: '结束时间（endTime）不能早于开始时间（beginTime）' });
  });
});

describe('recognition dictionaries', () => {
  it('are seeded with Chinese labels for every code the records use', async () => {
    for (const [field, type] of Object.entries(RECOGNITION_DICTS)) {
      const { body } = await server.api('GET', `/system/dict/data/type/${type}`, { token });
      const entries = body.data as { dictValue: string; dictLabel: string }[];
      expect(entries.map((entry) => entry.dictValue).sort()).toEqual(
        [...RECOGNITION_DICT_CODES[field as keyof typeof RECOGNITION_DICTS]].sort(),
      );
      expect(entries.every((entry) => /[\u4e00-\u9fa5]|^[A-Z]{3}$/.test(entry.dictLabel))).toBe(true);
    }
  });

  it('are added to a database made before them, once', async () => {
    const db = server.services.ctx.db;
    await db.deleteFrom('dict_data').where('dict_type', 'in', ['plate_color', 'target_type']).execute();
    expect(await seedMissingDictionaries(db)).toBe(2);
    expect(await seedMissingDictionaries(db)).toBe(0);
    const { body } = await server.api('GET', '/system/dict/data/type/plate_color', { token });
    expect((body.data as { dictLabel: string }[]).map((entry) => entry.dictLabel)).toEqual(['蓝牌', '黄牌', '绿牌', '白牌', '黑牌']);
  });
});
