import { caseActionsOf, type CaseDetail, type CaseRow, type CaseStats } from '@ops/contracts';

const at = Date.UTC(2026, 10, 22, 2, 30);

export const sampleCase: CaseRow = {
  caseId: 12,
  caseNo: 'AJ-20261122-0012',
  kind: 'complaint',
  kindName: '投诉',
  source: 'public',
  sourceName: '市民热线/APP',
  status: 'assigned',
  statusName: '已派遣',
  title: '夜间施工噪音扰民',
  description: '市民反映江南大道附近工地夜间施工，噪音扰民。',
  reporterName: '王先生',
  reporterPhone: '13800000009',
  longitude: 120.2105,
  latitude: 30.2085,
  area: '江南大道',
  team: 'B',
  teamName: 'B 班组',
  workOrderId: 31,
  alarmId: 204,
  createTime: at,
  assignedAt: at + 600_000,
  handledAt: null,
  closedAt: null,
  overdue: false,
};

export const sampleDetail: CaseDetail = {
  ...sampleCase,
  events: [
    {
      eventId: 1,
      action: 'register',
      actionName: '登记',
      fromStatus: null,
      toStatus: 'registered',
      note: '',
      userId: 2,
      userName: '值班员张敏',
      time: at,
    },
    {
      eventId: 2,
      action: 'assign',
      actionName: '派遣',
      fromStatus: 'registered',
      toStatus: 'assigned',
      note: '派遣至B 班组',
      userId: 2,
      userName: '值班员张敏',
      time: at + 600_000,
    },
  ],
  evidence: [],
  actions: caseActionsOf('assigned'),
};

export const handledDetail: CaseDetail = {
  ...sampleDetail,
  status: 'handled',
  statusName: '已处置',
  handledAt: at + 3_600_000,
  events: [
    ...sampleDetail.events,
    {
      eventId: 3,
      action: 'handle',
      actionName: '处置',
      fromStatus: 'assigned',
      toStatus: 'handled',
      note: '已责令停工',
      userId: null,
      userName: '现场班组',
      time: at + 3_600_000,
    },
  ],
  actions: caseActionsOf('handled'),
};

export const closedDetail: CaseDetail = { ...handledDetail, status: 'closed', statusName: '已结案', closedAt: at + 7_200_000, actions: [] };

export const sampleCases: CaseRow[] = [
  sampleCase,
  {
    ...sampleCase,
    caseId: 13,
    caseNo: 'AJ-20261122-0013',
    kind: 'suggestion',
    kindName: '建议',
    title: '建议增设公交站遮阳棚',
    status: 'registered',
    statusName: '已登记',
    team: null,
    teamName: '',
  },
  {
    ...sampleCase,
    caseId: 9,
    caseNo: 'AJ-20261120-0004',
    title: '商铺占道经营',
    status: 'handled',
    statusName: '已处置',
    overdue: true,
    area: '滨盛路',
  },
];

export const sampleStats: CaseStats = {
  today: 6,
  open: 14,
  overdue: 2,
  closed: 121,
  byKind: [
    { name: '投诉', value: 96 },
    { name: '建议', value: 41 },
  ],
  byArea: [
    { name: '奥体中心', value: 28 },
    { name: '江南大道', value: 44 },
    { name: '滨盛路', value: 31 },
    { name: '钱江新城', value: 34 },
  ],
  byTeam: [
    { name: 'A 班组', value: 45 },
    { name: 'B 班组', value: 47 },
    { name: 'C 班组', value: 39 },
  ],
  byStatus: [],
  openAges: [
    { name: '1 天内', value: 8 },
    { name: '1–2 天', value: 4 },
    { name: '2–7 天', value: 2 },
    { name: '7 天以上', value: 0 },
  ],
};
