import type { EmergencyKind } from '../../../contracts/emergency';

/** The Chinese the history's operators and field teams write (notes, comments, results). */
export const HISTORY_TEXT = {
  assign: ['请尽快到现场核实', '已通知片区值守人员处理', '转交责任人跟进'],
  accept: ['已接警，正在调取周边视频核实', '值班员已确认告警，通知现场人员', '已受理，安排人员前往现场'],
  comment: ['现场人员已到达，正在排查', '已与责任单位电话联系', '调取监控确认情况属实', '已通知属地网格员协助处置'],
  complete: ['现场处置完毕，设备恢复正常', '已处理完成，待值班长确认', '经核实已排除隐患', '误报，设备已复位'],
  confirm: ['复核无误，告警关闭', '已确认处置结果', '处置到位，同意关闭'],
  workOrderAccept: ['已接单，正在前往现场', '已接单，预计半小时内到达'],
  workOrderProgress: ['已到达现场，正在排查处理', '故障点已定位，正在更换配件', '现场已设置警示标志，正在处理'],
  workOrderClose: ['已处理完毕，现场恢复正常', '已更换故障部件，复检正常', '已清理完毕并拍照存档', '已修复并告知属地管理单位'],
  workOrderAssign: (team: string) => `派发给 ${team}`,
  eventResult: ['险情已排除，现场恢复正常秩序', '处置完毕，无人员伤亡', '已处置完毕，后续由属地单位跟进'],
  taskAccept: (team: string) => `${team}已接收任务，正在集结出发`,
  taskProgress: ['已到达现场，正在处置', '处置过半，态势可控', '主要险情已控制，正在收尾'],
  taskFinish: ['任务完成，人员已撤回', '处置完毕，现场已移交'],
  taskCancel: ['现场已由其他班组处置，任务取消', '态势已缓解，无需继续执行'],
} as const;

/** The tasks an operator dispatches for an event of each kind, most urgent first. */
export const EVENT_TASKS: Record<EmergencyKind, string[]> = {
  FIRE: ['现场灭火', '周边人员疏散', '道路交通管制', '火因勘查'],
  FLOOD: ['排涝泵车调度', '低洼路段封闭', '堤岸沙袋加固', '转移受困群众'],
  STAMPEDE: ['现场人流疏导', '伤员救治转运', '入口限流'],
  HYDRANT: ['消火栓检修', '管网压力排查', '周边消防设施核查'],
  OTHER: ['现场处置', '情况核实'],
};

/** The flood warning the history opens its ongoing flood event from (a weather warning has no device). */
/** What the camera at a crowded spot reports for the crowd event under way now. */
export const CROWD_WARNING = '人流密度超过预警值，出口处拥挤';
export const FLOOD_WARNING = { content: '气象部门发布暴雨橙色预警，低洼路段出现积水', title: '暴雨积水防汛处置' };
