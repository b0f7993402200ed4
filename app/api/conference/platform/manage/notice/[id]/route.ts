import { route } from '@/lib/http/route';
import { noticeId } from '@/lib/notices/ids';
import { deleteNotice, updateNotice } from '@/lib/notices/notices';
import { ZNoticeInput } from '@/lib/notices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Changes a notice of this conference. */
export const PUT = route({ auth: 'manager', body: ZNoticeInput, changesSite: false }, async ({ db, conference, params, body }) =>
  updateNotice(db, conference.id, noticeId(params.id), body),
);

/** Deletes a notice of this conference, draft or published. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteNotice(db, conference.id, noticeId(params.id)),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
