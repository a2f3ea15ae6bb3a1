import type { CaseKind } from '../../contracts/cases';

/** What the simulator and the history write into cases: plausible titles per kind, handling and closing notes. */
export const CASE_TEXT: {
  titles: Record<CaseKind, string[]>;
  reporters: string[];
  handled: string[];
  closed: string[];
  rejected: string[];
} = {
  titles: {
    complaint: ['夜间施工噪音扰民', '商铺占道经营', '餐饮油烟直排', '广场舞音响过大', '共享单车乱停放堵塞人行道', '小区门口垃圾堆放'],
    suggestion: ['建议增设公交站遮阳棚', '建议路口增加行人信号灯', '建议公园增设公共座椅', '建议延长公厕开放时间'],
    illegalParking: ['机动车占用消防通道', '车辆违停占用盲道', '路口违停影响通行', '货车违停占用非机动车道'],
    environment: ['河道水面漂浮垃圾', '工地扬尘未覆盖', '道路污水外溢', '露天焚烧垃圾'],
    greening: ['行道树倒伏', '绿化带被踩踏损毁', '树枝遮挡路灯', '绿地被私自占用种菜'],
    other: ['户外广告牌松动', '井盖缺失', '违规张贴小广告', '私搭乱建'],
  },
  reporters: ['王先生', '李女士', '张先生', '陈女士', '刘先生', '赵女士'],
  handled: ['已到场处置，现场恢复正常', '已责令当事人整改，现场已清理', '已联系相关单位完成处置', '已劝离并登记，现场秩序恢复'],
  closed: ['经回访，市民对处置结果满意', '复查现场已整改到位，予以结案', '处置完毕，归档结案'],
  rejected: ['经核实不属于本部门职责范围，已转交相关单位', '重复上报，已合并处理'],
};
