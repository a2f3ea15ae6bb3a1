/** zh-CN texts of the live-alarm toasts (the event center's own texts live in its plugin). */
export const alarmStrings = {
  toastRegion: '实时告警',
  more: (count: number) => `还有 ${count} 条告警`,
  dismiss: '关闭告警',
  open: (name: string) => `查看告警：${name}`,
  soundPlaying: '告警提示音播放中',
  picture: (content: string) => `抓拍：${content}`,
  grade: { ALARM_GRADE_HIGH: '高', ALARM_GRADE_MEDIUM: '中', ALARM_GRADE_LOW: '低' } as Record<string, string>,
} as const;

/**
 * Spec section 3's alarm grades as operators read them. Screens read them from the dictionary alarm_grade
 * (useDictionary); this table is left to the core `alarmList` widget, which renders without services.
 */
export const alarmGradeLabels: Readonly<Record<string, string>> = alarmStrings.grade;
