import type { Database } from '../db/Database';

/**
 * Every value the demo database starts with (server/SEED.md describes them): tenants, accounts,
 * roles and the modules they open, authorization codes, dictionaries, and where and how many devices
 * each tenant gets. The code that writes them is seed.ts and seedFleet.ts beside this file.
 */

const view = (name: string, longitude: number, latitude: number, height: number, heading = 0, pitch = -45) => ({
  name,
  longitude,
  latitude,
  height,
  heading,
  pitch,
  roll: 0,
});

export const seedTenants: Database['tenants'][] = [
  {
    tenant_id: 1,
    tenant_name: '杭州市城市运行管理中心',
    tenant_type: 'city',
    twin_platform_config: JSON.stringify({
      viewList: [
        view('滨江区主视角', 120.2112, 30.2084, 3500),
        view('奥体中心', 120.2305, 30.2328, 1800),
        view('钱江新城', 120.2131, 30.2443, 2200),
      ],
      isDeviceMap3d: true,
    }),
    tenant_alarm_mp3: '/sounds/alarm-city.wav',
  },
  {
    tenant_id: 2,
    tenant_name: '西湖风景名胜区',
    tenant_type: 'scenic',
    twin_platform_config: JSON.stringify({
      viewList: [
        view('西湖全景', 120.1445, 30.2445, 4200),
        view('断桥残雪', 120.1508, 30.2594, 900),
        view('雷峰塔', 120.1488, 30.2311, 900),
      ],
      // The scenic area works on a flat map: its paths and sights read better from straight above.
      isDeviceMap3d: false,
    }),
    tenant_alarm_mp3: '/sounds/alarm-scenic.wav',
  },
];

/** Modules (registry/modules.json names) of the city operator's role. */
export const CITY_MODULES = [
  'comprehensive',
  'monitoringCenter',
  'dataAnalysis',
  'alarmManage',
  'device',
  'operation',
  'securityEmergency',
  'cityManagement',
  'lawEnforcement',
];
/** Modules of the scenic operator's role. */
export const SCENIC_MODULES = [
  'comprehensive',
  'alarmManage',
  'device',
  'securityEmergency',
  'business',
  'orthophoto',
  'team',
  'lowAltitude',
];

/** Demo accounts (server/SEED.md). */
export const seedUsers = [
  { user_id: 1, user_name: 'admin', nick_name: '系统管理员', phonenumber: '13800000000', password: 'Admin@2026' },
  { user_id: 2, user_name: 'operator', nick_name: '值班员张敏', phonenumber: '13800000001', password: 'Operator@2026' },
  { user_id: 3, user_name: 'viewer', nick_name: '访客李强', phonenumber: '13800000002', password: 'Viewer@2026' },
  { user_id: 4, user_name: 'scenic', nick_name: '景区值守王芳', phonenumber: '13800000003', password: 'Scenic@2026' },
];

/** Roles per tenant and the modules each opens ('all' = every module, with all child pages). */
export const seedRoles: (Database['roles'] & { modules: readonly string[] | 'all' })[] = [
  { role_id: 1, tenant_id: 1, role_key: 'admin', role_name: '管理员', modules: 'all' },
  { role_id: 2, tenant_id: 1, role_key: 'city_operator', role_name: '城市值班员', modules: CITY_MODULES },
  { role_id: 3, tenant_id: 1, role_key: 'no_menu', role_name: '无菜单用户', modules: [] },
  { role_id: 4, tenant_id: 2, role_key: 'admin', role_name: '管理员', modules: 'all' },
  { role_id: 5, tenant_id: 2, role_key: 'scenic_operator', role_name: '景区值班员', modules: SCENIC_MODULES },
];

export const seedMemberships: Database['user_tenants'][] = [
  { user_id: 1, tenant_id: 1, role_id: 1, is_default: 1 },
  { user_id: 1, tenant_id: 2, role_id: 4, is_default: 0 },
  { user_id: 2, tenant_id: 1, role_id: 2, is_default: 1 },
  { user_id: 2, tenant_id: 2, role_id: 5, is_default: 0 },
  { user_id: 3, tenant_id: 1, role_id: 3, is_default: 1 },
  { user_id: 4, tenant_id: 2, role_id: 5, is_default: 1 },
];

/** Authorization codes (stored hashed); `expiredDaysAgo` makes one that is always refused. */
export const seedAuthCodes: { code: string; userId: number; expiredDaysAgo?: number }[] = [
  { code: 'ADMIN-2026-DEMO', userId: 1 },
  { code: 'OPER-2026-DEMO', userId: 2 },
  { code: 'NOPERM-2026-DEMO', userId: 3 },
  { code: 'EXPIRED-2026-DEMO', userId: 2, expiredDaysAgo: 1 },
];

/** Dictionaries: type → [label, value, list class]; the first entry of each is the default. */
export const seedDicts: [string, [string, string, string][]][] = [
  [
    'alarm_status',
    [
      ['待处理', 'ALARM_STATUS_UNTREATED', 'danger'],
      ['处理中', 'ALARM_STATUS_PROCESSING', 'warning'],
      ['待确认', 'ALARM_STATUS_COMPLET', 'primary'],
      ['已处理', 'ALARM_STATUS_CONFIRMED', 'success'],
    ],
  ],
  [
    'alarm_grade',
    [
      ['高', 'ALARM_GRADE_HIGH', 'danger'],
      ['中', 'ALARM_GRADE_MEDIUM', 'warning'],
      ['低', 'ALARM_GRADE_LOW', 'primary'],
    ],
  ],
  [
    'vehicle_power_type',
    [
      ['燃油', 'RYC', ''],
      ['纯电动', 'XNYS', 'success'],
      ['混合动力', 'XNYD', 'primary'],
    ],
  ],
  [
    'sys_user_sex',
    [
      ['男', '0', ''],
      ['女', '1', ''],
      ['未知', '2', ''],
    ],
  ],
  // The coded fields of the AI cameras' recognition records (contracts/recognition.ts RECOGNITION_DICTS).
  [
    'recognition_kind',
    [
      ['人脸', 'face', 'primary'],
      ['机动车', 'vehicle', 'success'],
      ['非机动车', 'nonMotor', 'warning'],
      ['人数统计', 'peopleCount', ''],
      ['目标检测', 'target', 'danger'],
    ],
  ],
  [
    'face_age_band',
    [
      ['儿童', 'CHILD', ''],
      ['青年', 'YOUTH', ''],
      ['成年', 'ADULT', ''],
      ['中年', 'MIDDLE', ''],
      ['老年', 'SENIOR', ''],
    ],
  ],
  [
    'face_attribute',
    [
      ['戴眼镜', 'GLASSES', ''],
      ['戴墨镜', 'SUNGLASSES', ''],
      ['戴口罩', 'MASK', ''],
      ['戴帽子', 'HAT', ''],
      ['背包', 'BACKPACK', ''],
    ],
  ],
  [
    'plate_color',
    [
      ['蓝牌', 'BLUE', 'primary'],
      ['黄牌', 'YELLOW', 'warning'],
      ['绿牌', 'GREEN', 'success'],
      ['白牌', 'WHITE', ''],
      ['黑牌', 'BLACK', ''],
    ],
  ],
  [
    'vehicle_type',
    [
      ['轿车', 'CAR', ''],
      ['SUV', 'SUV', ''],
      ['MPV', 'MPV', ''],
      ['客车', 'BUS', ''],
      ['货车', 'TRUCK', ''],
      ['面包车', 'VAN', ''],
    ],
  ],
  [
    'vehicle_color',
    [
      ['白色', 'WHITE', ''],
      ['黑色', 'BLACK', ''],
      ['银色', 'SILVER', ''],
      ['灰色', 'GREY', ''],
      ['红色', 'RED', ''],
      ['蓝色', 'BLUE', ''],
      ['其他', 'OTHER', ''],
    ],
  ],
  [
    'non_motor_type',
    [
      ['自行车', 'BICYCLE', ''],
      ['电动自行车', 'E_BIKE', ''],
      ['摩托车', 'MOTORCYCLE', ''],
      ['三轮车', 'TRICYCLE', ''],
    ],
  ],
  [
    'target_type',
    [
      ['未戴安全帽', 'NO_HELMET', 'warning'],
      ['烟雾', 'SMOKE_PLUME', 'danger'],
      ['明火', 'FIRE', 'danger'],
      ['人员聚集', 'CROWD', 'warning'],
      ['区域入侵', 'INTRUSION', 'danger'],
      ['人员徘徊', 'LOITERING', 'primary'],
    ],
  ],
];

export interface SeedArea {
  name: string;
  longitude: number;
  latitude: number;
  /** Spread in degrees around the centre. */
  spread: number;
}

/** Real places in each demo tenant's area, so devices land on streets and sights, not in the river. */
export const TENANT_AREAS: Record<number, SeedArea[]> = {
  1: [
    { name: '江南大道', longitude: 120.2105, latitude: 30.2085, spread: 0.012 },
    { name: '滨盛路', longitude: 120.2025, latitude: 30.2072, spread: 0.01 },
    { name: '奥体中心', longitude: 120.2305, latitude: 30.2328, spread: 0.008 },
    { name: '钱江新城', longitude: 120.2131, latitude: 30.2443, spread: 0.01 },
  ],
  2: [
    { name: '断桥', longitude: 120.1508, latitude: 30.2594, spread: 0.004 },
    { name: '苏堤', longitude: 120.1392, latitude: 30.2435, spread: 0.006 },
    { name: '雷峰塔', longitude: 120.1488, latitude: 30.2311, spread: 0.004 },
    { name: '湖滨', longitude: 120.1618, latitude: 30.2561, spread: 0.005 },
  ],
};

/** The tenants that get a fleet. */
export const FLEET_TENANTS = [1, 2];

/**
 * Devices per kind (page name) per tenant at scale 1 (a few hundred per tenant). Only how many demo
 * rows to write: a kind missing here gets DEFAULT_FLEET_COUNT, a name here without a plugin is ignored.
 */
export const FLEET_COUNTS: Record<string, number> = {
  lamp: 60,
  light: 40,
  camera: 40,
  broad: 20,
  screen: 12,
  smartParking: 16,
  smartTrash: 24,
  envir: 10,
  smoke: 16,
  // One per field member (server/field/: about 30 per tenant, each bound to one).
  walkie: 30,
};
export const DEFAULT_FLEET_COUNT = 8;

/** Seed of the fleet's placement, so every fresh start places the same fleet. */
export const FLEET_RANDOM_SEED = 20261122;
