/** 数据检索 (monitoringCenter/dataRetrieval): the AI cameras' recognition records, searched, exported and their snapshots. */
import { String as StringType } from 'typebox/type';
import {
  AGE_BANDS,
  FACE_ATTRIBUTES,
  GENDERS,
  NON_MOTOR_TYPES,
  PLATE_COLORS,
  PLATE_TEXT_MAX_LENGTH,
  POWER_TYPES,
  RECOGNITION_API,
  RECOGNITION_KINDS,
  RECOGNITION_MAX_CAMERAS,
  RECOGNITION_MAX_PAGE_SIZE,
  TARGET_TYPES,
  VEHICLE_COLORS,
  VEHICLE_TYPES,
  type RecognitionCamera,
  type RecognitionRecord,
} from '../recognition';
import { dataReply, defineRoute, fileReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, id, oneOf, paging, pathParams, time } from './schemas';

const dataRetrieval = access.menu('platform:monitoringCenter:dataRetrieval');

/** The filters a search and an export share; the time range is required (checked for order and span by the handler). */
const filters = {
  beginTime: time('开始时间（beginTime）'),
  endTime: time('结束时间（endTime）'),
  // A comma list (1,2,3), checked by the handler: a query string repeats no array here.
  deviceIds: StringType({
    maxLength: RECOGNITION_MAX_CAMERAS * 11,
    errorMessage: {
      type: '摄像机（deviceIds）必须是逗号分隔的设备编号',
      maxLength: `摄像机（deviceIds）最多 ${RECOGNITION_MAX_CAMERAS} 台`,
    },
  }),
  kind: oneOf('识别类型（kind）', RECOGNITION_KINDS),
  ageBand: oneOf('年龄段（ageBand）', AGE_BANDS),
  gender: oneOf('性别（gender）', GENDERS),
  faceAttribute: oneOf('人脸属性（faceAttribute）', FACE_ATTRIBUTES),
  plate: StringType({
    minLength: 1,
    maxLength: PLATE_TEXT_MAX_LENGTH,
    errorMessage: {
      type: '车牌（plate）必须是文字',
      minLength: '车牌（plate）不能为空',
      maxLength: `车牌（plate）不能超过 ${PLATE_TEXT_MAX_LENGTH} 个字符`,
    },
  }),
  plateColor: oneOf('车牌颜色（plateColor）', PLATE_COLORS),
  vehicleType: oneOf('车辆类型（vehicleType）', VEHICLE_TYPES),
  vehicleColor: oneOf('车身颜色（vehicleColor）', VEHICLE_COLORS),
  powerType: oneOf('动力类型（powerType）', POWER_TYPES),
  nonMotorType: oneOf('非机动车类型（nonMotorType）', NON_MOTOR_TYPES),
  targetType: oneOf('目标类型（targetType）', TARGET_TYPES),
};
/**
 * How far a search whose plate is a fragment of one or two characters (浙, A1) counts: such a fragment has
 * no trigram index, and counting every match of a month would read every record of it. Above the cap the
 * reply's `total` is the cap and `totalCapped` is true (the page shows 10,000+ 条).
 */
export const RECOGNITION_SEARCH_COUNT_CAP = 10_000;

const rangeRequired = { beginTime: '请指定开始时间（beginTime）', endTime: '请指定结束时间（endTime）' };

export const recognitionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: RECOGNITION_API.list,
    query: fields({ ...paging(20, RECOGNITION_MAX_PAGE_SIZE), ...filters }, rangeRequired),
    // totalCapped: absent from a backend that always counts exactly.
    reply: tableReply<RecognitionRecord, { totalCapped?: boolean }>(),
    access: dataRetrieval,
  }),
  /** The search's rows as CSV (UTF-8 with BOM, Chinese headers), streamed; refused above RECOGNITION_EXPORT_MAX_ROWS. */
  export: defineRoute({
    method: 'GET',
    path: RECOGNITION_API.export,
    query: fields(filters, rangeRequired),
    reply: fileReply(),
    access: dataRetrieval,
  }),
  cameras: defineRoute({ method: 'GET', path: RECOGNITION_API.cameras, reply: dataReply<RecognitionCamera[]>(), access: dataRetrieval }),
  /** A record's snapshot (PNG) while it is kept. */
  snapshot: defineRoute({
    method: 'GET',
    path: RECOGNITION_API.snapshot,
    params: pathParams({ recordId: id('记录编号（recordId）') }),
    reply: fileReply(),
    access: dataRetrieval,
  }),
};
