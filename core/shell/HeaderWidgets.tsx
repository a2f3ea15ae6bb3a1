import { useEffect, useState } from 'react';
import { formatDateTime, formatWeekday } from '../format/timeFormat';
import { useService } from '../di/useService';
import { shellStrings } from './shellStrings';
import { EventBus } from '../push/EventBus';
import type { RoutedPush } from '../push/PushClient';
import { weatherOf } from '../session/authApi';
import { useSessionStore } from '../session/sessionStore';
import { WeatherIcon } from './WeatherIcon';

/** The time in the spec's format, ticking every second. */
export function HeaderClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="app-header__clock" dateTime={new Date(now).toISOString()} aria-label={shellStrings.clock}>
      <span className="app-header__clock-time">{formatDateTime(now)}</span>
      <span className="app-header__clock-weekday">{formatWeekday(now)}</span>
    </time>
  );
}

/** The session's weather (spec section 3), kept current by WEATHER_EVENT pushes. */
export function HeaderWeather() {
  const weather = useSessionStore((state) => state.weather);
  const bus = useService(EventBus);
  useEffect(
    () =>
      bus.subscribe('weather.update', (payload) => {
        const next = weatherOf((payload as RoutedPush | undefined)?.message?.data);
        if (next) useSessionStore.getState().setWeather(next);
      }),
    [bus],
  );
  if (!weather) return null;
  const label = shellStrings.weather(weather.city, weather.text, weather.temperature, weather.band);
  return (
    <span
      className="app-header__weather"
      role="img"
      aria-label={label}
      title={`${label}，${shellStrings.humidity(weather.humidity)}，${weather.wind}`}
    >
      <WeatherIcon icon={weather.icon} />
      <span className="app-header__weather-text">{weather.text}</span>
      <span className="app-header__weather-temperature">{Math.round(weather.temperature)}℃</span>
      <span className="app-header__weather-band">{weather.band}</span>
    </span>
  );
}
