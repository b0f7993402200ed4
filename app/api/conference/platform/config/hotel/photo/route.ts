import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { storeHotelPhoto } from '@/lib/hotel/hotels';
import { HOTEL_PHOTO_LIMIT } from '@/lib/hotel/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Stores a hotel photo (multipart `file`: jpg or png up to 10 MB); the form saves its name with the hotel. */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ req, db, conference, user }) => {
  const { file, data } = await readUpload(req, HOTEL_PHOTO_LIMIT);
  return storeHotelPhoto(db, { conferenceId: conference.id, userId: user.id }, file.name, data);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
