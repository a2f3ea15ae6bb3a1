/** The active tenant's current weather (or null): the header shows it to every signed-in user. */
import type { WeatherNow } from '../weather';
import { dataReply, defineRoute } from './defineRoute';
import { access } from './routeAccess';

export const weatherRoutes = {
  current: defineRoute({ method: 'GET', path: '/weather/current', reply: dataReply<WeatherNow | null>(), access: access.session }),
};
