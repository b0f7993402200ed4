import { registrantCap, registrationWindow } from '@/lib/conferences/website-config';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Which modules the conference has switched on (the register flag, with its cap and window). */
export const POST = route({}, async ({ db, conference }) => {
  const window = await registrationWindow(db, conference);
  return {
    conferenceId: conference.id,
    register: conference.registerModuleEnabled,
    registerFlag: conference.registerFlag,
    registerNum: registrantCap(conference),
    registrationOpen: window.open,
  };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
