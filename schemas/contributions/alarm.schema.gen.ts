/* Generated from schemas/contributions/alarm.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * An alarm type: code, Chinese name, icon, default grade and the page an alarm of this type opens.
 */
export interface AlarmContribution {
  /**
   * At most 40 characters (the alarms.alarm_type column).
   */
  code: string;
  name: string;
  icon: string;
  defaultGrade: 'ALARM_GRADE_HIGH' | 'ALARM_GRADE_MEDIUM' | 'ALARM_GRADE_LOW';
  targetPage?: {
    module: string;
    child?: string;
  };
}
