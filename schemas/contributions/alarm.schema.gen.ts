/* Generated from schemas/contributions/alarm.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * An alarm type: code, Chinese name, icon, default grade, the page an alarm of this type opens and the emergency it is a sign of.
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
  /**
   * The emergency this alarm type is a sign of: the emergency pages of that kind list and count its alarms, and with opensEvent an alarm raised with a position opens an emergency event of that kind (or joins an active one around it).
   */
  emergency?: {
    /**
     * An emergency kind of contracts/emergency (火情, 防汛, 人群踩踏, 消防栓水压).
     */
    kind: 'FIRE' | 'FLOOD' | 'STAMPEDE' | 'HYDRANT';
    /**
     * Raising it opens or joins an emergency event of the kind.
     */
    opensEvent?: boolean;
  };
}
