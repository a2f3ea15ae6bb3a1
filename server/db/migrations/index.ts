import type { MigrationFactory } from './migrationDialect';
import { migration001Platform } from './001_platform';
import { migration002Devices } from './002_devices';
import { migration003AlarmsPush } from './003_alarms_push';
import { migration004RateLimits } from './004_rate_limits';
import { migration005DropLoginFailures } from './005_drop_login_failures';
import { migration006PushCounters } from './006_push_counters';
import { migration007MqttSessions } from './007_mqtt_sessions';
import { migration008BusinessWeather } from './008_business_weather';
import { migration009PanelLayouts } from './009_panel_layouts';
import { migration010VideoRoomsIntercom } from './010_video_rooms_intercom';
import { migration011WorkOrders } from './011_work_orders';
import { migration012Emergency } from './012_emergency';
import { migration013Operations } from './013_operations';
import { migration014WorkOrderIndexes } from './014_work_order_indexes';
import { migration015SensorReadings } from './015_sensor_readings';
import { migration016FaultWorkOrderIndex } from './016_fault_work_order_index';
import { migration017IntercomCallEnds } from './017_intercom_call_ends';
import { migration018RowOrigin } from './018_row_origin';
import { migration019Recognition } from './019_recognition';
import { migration020Watchlists } from './020_watchlists';
import { migration021RecognitionRollup } from './021_recognition_rollup';
import { migration023WatchlistAreas } from './023_watchlist_areas';
import { migration024PlateSearch } from './024_plate_search';
import { migration025FieldPeople } from './025_field_people';
import { migration026LowAltitude } from './026_low_altitude';
import { migration027Patrols } from './027_patrols';
import { migration028Cases } from './028_cases';
import { migration029FieldTeams } from './029_field_teams';

/**
 * Every migration by its id, oldest first. The ids are the names recorded in the database's
 * `kysely_migration` table: never rename one, only add the next.
 */
export const MIGRATIONS: Readonly<Record<string, MigrationFactory>> = {
  '001_platform': migration001Platform,
  '002_devices': migration002Devices,
  '003_alarms_push': migration003AlarmsPush,
  '004_rate_limits': migration004RateLimits,
  '005_drop_login_failures': migration005DropLoginFailures,
  '006_push_counters': migration006PushCounters,
  '007_mqtt_sessions': migration007MqttSessions,
  '008_business_weather': migration008BusinessWeather,
  '009_panel_layouts': migration009PanelLayouts,
  '010_video_rooms_intercom': migration010VideoRoomsIntercom,
  '011_work_orders': migration011WorkOrders,
  '012_emergency': migration012Emergency,
  '013_operations': migration013Operations,
  '014_work_order_indexes': migration014WorkOrderIndexes,
  '015_sensor_readings': migration015SensorReadings,
  '016_fault_work_order_index': migration016FaultWorkOrderIndex,
  '017_intercom_call_ends': migration017IntercomCallEnds,
  '018_row_origin': migration018RowOrigin,
  '019_recognition': migration019Recognition,
  '020_watchlists': migration020Watchlists,
  '021_recognition_rollup': migration021RecognitionRollup,
  '023_watchlist_areas': migration023WatchlistAreas,
  '024_plate_search': migration024PlateSearch,
  '025_field_people': migration025FieldPeople,
  '026_low_altitude': migration026LowAltitude,
  '027_patrols': migration027Patrols,
  '028_cases': migration028Cases,
  '029_field_teams': migration029FieldTeams,
};
