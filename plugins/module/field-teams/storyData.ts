import type { FieldMember, FieldTeamCount, MemberWork } from '@ops/contracts';

/** Rows as the server answers them, for the stories and the tests. */
const AT = Date.UTC(2026, 10, 22, 8, 0, 0);

export const sampleMember: FieldMember = {
  memberId: 1,
  team: 'A',
  name: '王建华',
  role: '队长',
  shift: '全天',
  onDuty: true,
  walkie: { deviceId: 301, name: '江南大道对讲机-001', code: 'WALKIE-1-000301', online: true, call: 'idle', peer: '' },
  recorder: { deviceId: 281, name: '江南大道执法记录仪-001', code: 'SOLDIE-1-000281', online: true, call: '', peer: '' },
  lastPosition: {
    subjectKind: 'person',
    subjectId: 1,
    at: AT,
    longitude: 120.21051,
    latitude: 30.20853,
    altitude: null,
    speed: 1.3,
    heading: 87,
  },
};

export const sampleMembers: FieldMember[] = [
  sampleMember,
  {
    ...sampleMember,
    memberId: 2,
    name: '李海燕',
    role: '执法员',
    shift: '中班',
    walkie: { ...sampleMember.walkie!, deviceId: 302, name: '江南大道对讲机-002', call: 'talking', peer: '系统管理员' },
    recorder: null,
    lastPosition: { ...sampleMember.lastPosition!, subjectId: 2, longitude: 120.2121, latitude: 30.2101 },
  },
  {
    ...sampleMember,
    memberId: 3,
    name: '张伟',
    role: '巡查员',
    shift: '早班',
    onDuty: false,
    walkie: null,
    recorder: null,
    lastPosition: null,
  },
];

export const sampleCount: FieldTeamCount = { team: 'A', members: 10, onDuty: 6, live: 5 };

export const sampleWork: MemberWork = {
  memberId: 1,
  since: AT - 16 * 3_600_000,
  distanceM: 12_840,
  fixes: 4_320,
  firstSeenAt: AT - 15 * 3_600_000,
  lastSeenAt: AT,
  workTeam: '消防一队',
  tasks: [
    {
      orderId: 11,
      orderNo: 'GD20261122-0011',
      title: '江南大道路灯不亮',
      status: 'PROCESSING',
      priority: 'HIGH',
      createdAt: AT - 7_200_000,
      closedAt: null,
    },
    {
      orderId: 9,
      orderNo: 'GD20261122-0009',
      title: '滨盛路井盖松动',
      status: 'DONE',
      priority: 'NORMAL',
      createdAt: AT - 20_000_000,
      closedAt: AT - 3_600_000,
    },
  ],
  checkIns: null,
};
