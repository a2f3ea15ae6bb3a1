import { TEMPERATURE_BAND_NAMES, WEATHER_EVENT_TYPE, WEATHER_ICONS, type WeatherNow } from '../weather';
import { definePushTopic } from './PushTopic';
import { enumOf, integer, number, object, text } from './pushSchema';

/** WEATHER_EVENT: the tenant's weather changed (the header shows it). */
export const weatherPushTopic = definePushTopic<WeatherNow>({
  eventType: WEATHER_EVENT_TYPE,
  schema: object({
    city: text(),
    text: text(),
    icon: enumOf(WEATHER_ICONS),
    temperature: number(),
    band: enumOf(Object.values(TEMPERATURE_BAND_NAMES)),
    humidity: number(),
    wind: text(),
    updatedAt: integer(),
  }),
});
