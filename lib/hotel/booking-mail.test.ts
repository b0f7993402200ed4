import { describe, expect, it } from 'vitest';
import { HOTEL_BOOKING_MAIL_VARS, renderBookingMail, type HotelBookingMailVars } from './booking-mail';

const vars: HotelBookingMailVars = {
  conference: 'Optics 2030',
  name: 'Wang <Fang>',
  hotel: 'Lakeside',
  roomType: 'King',
  checkIn: '2030-10-10',
  checkOut: '2030-10-12',
  nights: 2,
  rooms: 1,
  total: '¥1,000.00',
  orderNo: '20300101100001',
  requirements: 'none',
  payBy: '30 Sept 2030, 14:00 (GMT+8)',
  payUrl: 'https://optics.example.org/en/profile/order/pay/goto/7',
};

describe('hotel booking mail', () => {
  it('offers every variable the default templates use', () => {
    expect([...HOTEL_BOOKING_MAIL_VARS].sort()).toEqual(Object.keys(vars).sort());
    for (const locale of ['zh', 'en'] as const) {
      const mail = renderBookingMail(null, locale, vars);
      expect(mail.text).not.toMatch(/\{\w+\}/);
      expect(mail.subject).not.toMatch(/\{\w+\}/);
      expect(mail.html).toContain('Wang &lt;Fang&gt;');
    }
  });

  it("uses the organiser's wording per language, escaping its text and the values, one paragraph per line", () => {
    const template = {
      subject: { zh: '', en: 'Room {orderNo}\r\nBcc: x@example.org' },
      body: { zh: '  ', en: '<i>Hi</i> {name}\r\n\r\nStay {nights} nights' },
    };
    const en = renderBookingMail(template, 'en', vars);
    expect(en.subject).toBe('Room 20300101100001 Bcc: x@example.org');
    expect(en.text).toBe('<i>Hi</i> Wang <Fang>\n\nStay 2 nights');
    expect(en.html).toContain('<p>&lt;i&gt;Hi&lt;/i&gt; Wang &lt;Fang&gt;</p>\n<p>Stay 2 nights</p>');
    // zh left empty (blank only): the default wording.
    expect(renderBookingMail(template, 'zh', vars)).toEqual(renderBookingMail(null, 'zh', vars));
  });
});
