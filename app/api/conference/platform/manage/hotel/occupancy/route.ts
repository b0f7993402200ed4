import { ZOccupancyQuery } from '@/lib/hotel/admin-list-params';
import { occupancyGrid } from '@/lib/hotel/occupancy';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Rooms taken per room type and night against the total bookable, of one hotel or of all (managers). */
export const GET = route({ auth: 'manager', query: ZOccupancyQuery }, async ({ db, conference, query }) =>
  occupancyGrid(db, conference.id, query.hotel),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
