import { useEffect, useState } from 'react';
import { weatherPushTopic } from '../../contracts/push';
import { formatDateTime, formatWeekday } from '../format/timeFormat';
import { usePush } from '../push/usePush';
import { shellStrings } from './shellStrings';
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
  usePush(weatherPushTopic, (next) => useSessionStore.getState().setWeather(next));
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
