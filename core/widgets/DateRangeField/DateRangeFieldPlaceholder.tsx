import { InputGroup } from '@blueprintjs/core';
import { widgetStrings as t } from '../widgetStrings';
import type { DateRangeFieldProps } from './DateRangeField';
import './DateRangeField.css';

/** What the date range field shows while its code (the date picker) loads: the same two inputs, disabled. */
export function dateRangeFieldPlaceholder({
  label = t.dateRange,
  beginLabel = t.beginDate,
  endLabel = t.endDate,
  fill,
}: DateRangeFieldProps) {
  return (
    <div className={`ops-date-range${fill ? ' ops-date-range--fill' : ''}`} role="group" aria-label={label} aria-busy>
      <InputGroup disabled leftIcon="calendar" placeholder={beginLabel} aria-label={beginLabel} />
      <InputGroup disabled placeholder={endLabel} aria-label={endLabel} />
    </div>
  );
}
