import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { invoiceDeadline, invoiceEligibility, nextInvoiceStatus } from './rules';
import { ZInvoiceRequest, ZInvoiceStatusChange } from './schemas';

const valid = {
  orderId: 7,
  delivery: 'post',
  titleType: 'company',
  title: '中国科学数据有限公司',
  taxpayerId: '91110108MA01ABCD2X',
  recipientName: '张三',
  phone: '+86 10 6260-0000',
  address: '北京市海淀区中关村南四街 4 号',
  email: 'Zhang.San@Example.org',
};

/** The message shown for each refused field, by path. */
function issues(
  input: unknown,
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  } = ZInvoiceRequest,
) {
  const result = schema.safeParse(input);
  const first: Record<string, string> = {};
  // The first message of each field is the one shown (the form's resolver and the API both take it).
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('ZInvoiceRequest', () => {
  it('takes a company request, upper-casing the taxpayer id and filling the fixed type and content', () => {
    const parsed = ZInvoiceRequest.parse({ ...valid, taxpayerId: ' 91110108ma01abcd2x ' });
    expect(parsed).toMatchObject({
      type: 'ordinary',
      content: 'goodsDetail',
      taxpayerId: '91110108MA01ABCD2X',
      email: 'zhang.san@example.org',
      attendees: '',
      comment: '',
    });
  });

  it('a company needs a taxpayer id of 15–20 letters or digits', () => {
    expect(issues({ ...valid, taxpayerId: '' })).toEqual({ taxpayerId: 'taxpayerIdRequired' });
    expect(issues({ ...valid, taxpayerId: undefined })).toEqual({ taxpayerId: 'taxpayerIdRequired' });
    for (const bad of ['12345678901234', '123456789012345678901', '91110108-MA01ABCD2', '91110108MA01ABCD２X'])
      expect(issues({ ...valid, taxpayerId: bad }), bad).toEqual({ taxpayerId: 'taxpayerIdInvalid' });
    for (const good of ['110108123456789', '91110108MA01ABCD2X', '12345678901234567890'])
      expect(ZInvoiceRequest.safeParse({ ...valid, taxpayerId: good }).success, good).toBe(true);
  });

  it('a personal invoice has no taxpayer id', () => {
    expect(ZInvoiceRequest.safeParse({ ...valid, titleType: 'personal', title: '张三', taxpayerId: '' }).success).toBe(true);
    expect(issues({ ...valid, titleType: 'personal', taxpayerId: '91110108MA01ABCD2X' })).toEqual({ taxpayerId: 'taxpayerIdPersonal' });
  });

  it('requires the name, the recipient, the address, a phone and an email, and reports them all at once', () => {
    expect(
      issues({ orderId: 7, delivery: 'post', titleType: 'company', title: ' ', recipientName: '', phone: '', address: '', email: '' }),
    ).toEqual({
      title: 'invoiceTitleRequired',
      recipientName: 'recipientRequired',
      phone: 'phoneRequired',
      address: 'addressRequired',
      email: 'emailRequired',
      taxpayerId: 'taxpayerIdRequired',
    });
    expect(issues({ ...valid, titleType: 'someone' })).toEqual({ titleType: 'invalidChoice' });
    expect(issues({ ...valid, type: 'general', content: 'services' })).toEqual({ type: 'invalidChoice', content: 'invalidChoice' });
  });

  it('checks phone and email', () => {
    for (const bad of ['abc', '12', '1234', '+86 10 6260 0000 ext 1', '１３８００１３８０００', '1'.repeat(31)])
      expect(issues({ ...valid, phone: bad }), bad).toEqual({ phone: 'phoneInvalid' });
    for (const good of ['13800138000', '+86 (10) 6260-0000', '010-62600000'])
      expect(ZInvoiceRequest.safeParse({ ...valid, phone: good }).success, good).toBe(true);
    expect(issues({ ...valid, email: 'not-an-email' })).toEqual({ email: 'emailInvalid' });
    expect(issues({ ...valid, email: 'zhang@exаmple.org' })).toEqual({ email: 'emailLookalike' });
  });

  it('bounds every length', () => {
    expect(issues({ ...valid, title: 'x'.repeat(101) })).toEqual({ title: 'tooLong' });
    expect(issues({ ...valid, recipientName: 'x'.repeat(51) })).toEqual({ recipientName: 'tooLong' });
    expect(issues({ ...valid, address: 'x'.repeat(301) })).toEqual({ address: 'tooLong' });
    expect(issues({ ...valid, attendees: 'x'.repeat(501), comment: 'x'.repeat(501) })).toEqual({
      attendees: 'tooLong',
      comment: 'tooLong',
    });
    expect(ZInvoiceRequest.safeParse({ ...valid, title: 'x'.repeat(100), comment: 'x'.repeat(500) }).success).toBe(true);
  });

  it('refuses text-direction controls and invisible characters; line breaks only in the free text', () => {
    expect(issues({ ...valid, title: 'ACME\u202Eevil' })).toEqual({ title: 'hiddenCharacters' });
    expect(issues({ ...valid, recipientName: 'Zhang\u200BSan' })).toEqual({ recipientName: 'hiddenCharacters' });
    expect(issues({ ...valid, address: 'Beijing\nHaidian' })).toEqual({ address: 'hiddenCharacters' });
    expect(issues({ ...valid, comment: 'ok\u2066hidden\u2069' })).toEqual({ comment: 'hiddenCharacters' });
    expect(ZInvoiceRequest.safeParse({ ...valid, comment: 'line one\nline two', attendees: '张三\r\n李四' }).success).toBe(true);
  });

  it('ignores an amount sent with the request (the order decides it)', () => {
    const parsed = ZInvoiceRequest.parse({ ...valid, amountMinor: 1, currency: 'USD' });
    expect(parsed).not.toHaveProperty('amountMinor');
    expect(parsed).not.toHaveProperty('currency');
  });
});

describe('ZInvoiceRequest by type and delivery', () => {
  const special = {
    ...valid,
    type: 'special',
    registeredAddress: '北京市海淀区中关村南四街 4 号',
    registeredPhone: '010-62600000',
    bankName: '中国工商银行北京中关村支行',
    bankAccount: '0200 0045 0902 1234 567',
  };
  const byEmail = {
    orderId: 7,
    delivery: 'email',
    titleType: 'company',
    title: '中国科学数据有限公司',
    taxpayerId: '91110108MA01ABCD2X',
    email: 'a@example.org',
  };

  it('by email needs no recipient, phone or postal address; by post needs all three', () => {
    expect(ZInvoiceRequest.safeParse(byEmail).success).toBe(true);
    expect(issues({ ...byEmail, delivery: 'post' })).toEqual({
      recipientName: 'recipientRequired',
      phone: 'phoneRequired',
      address: 'addressRequired',
    });
    expect(issues({ ...byEmail, email: '' })).toEqual({ email: 'emailRequired' });
    expect(issues({ ...byEmail, delivery: undefined })).toEqual({ delivery: 'deliveryRequired' });
    expect(issues({ ...byEmail, delivery: 'fax' })).toEqual({ delivery: 'deliveryRequired' });
    // A phone given by email is still checked.
    expect(issues({ ...byEmail, phone: 'abc' })).toEqual({ phone: 'phoneInvalid' });
  });

  it('a special VAT invoice is a company’s with its registered address, phone, bank and account', () => {
    expect(ZInvoiceRequest.safeParse(special).success).toBe(true);
    expect(ZInvoiceRequest.safeParse({ ...special, ...byEmail, type: 'special' }).success).toBe(true);
    expect(issues({ ...valid, type: 'special' })).toEqual({
      registeredAddress: 'registeredAddressRequired',
      registeredPhone: 'registeredPhoneRequired',
      bankName: 'bankNameRequired',
      bankAccount: 'bankAccountRequired',
    });
    expect(issues({ ...special, titleType: 'personal', taxpayerId: '' })).toEqual({ titleType: 'specialNeedsCompany' });
    for (const bad of ['12', 'acct#1234', '-12345', '1'.repeat(51)])
      expect(issues({ ...special, bankAccount: bad }), bad).toEqual({ bankAccount: 'bankAccountInvalid' });
    expect(issues({ ...special, registeredPhone: 'call me' })).toEqual({ registeredPhone: 'phoneInvalid' });
    expect(issues({ ...special, registeredAddress: 'Beijing\nHaidian' })).toEqual({ registeredAddress: 'hiddenCharacters' });
    // An ordinary invoice asks none of them.
    expect(ZInvoiceRequest.safeParse({ ...valid, type: 'ordinary' }).success).toBe(true);
  });

  it('every message key is in both languages', () => {
    const keys = [
      'deliveryRequired',
      'specialNeedsCompany',
      'registeredAddressRequired',
      'registeredPhoneRequired',
      'bankNameRequired',
      'bankAccountRequired',
      'bankAccountInvalid',
    ];
    for (const key of keys) {
      expect((zh.validation as Record<string, string>)[key], key).toBeTruthy();
      expect((en.validation as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});

describe('ZInvoiceStatusChange', () => {
  it('invoiced needs a tracking number of at most 100 characters', () => {
    expect(issues({ id: 1, status: 'invoiced' }, ZInvoiceStatusChange)).toEqual({ trackingNumber: 'trackingRequired' });
    expect(issues({ id: 1, status: 'invoiced', trackingNumber: '   ' }, ZInvoiceStatusChange)).toEqual({
      trackingNumber: 'trackingRequired',
    });
    expect(issues({ id: 1, status: 'invoiced', trackingNumber: 'S'.repeat(101) }, ZInvoiceStatusChange)).toEqual({
      trackingNumber: 'trackingTooLong',
    });
    expect(ZInvoiceStatusChange.parse({ id: 1, status: 'invoiced', trackingNumber: ' SF1234567890 ' }).trackingNumber).toBe('SF1234567890');
    expect(ZInvoiceStatusChange.safeParse({ id: 1, status: 'toBeInvoiced' }).success).toBe(true);
    expect(issues({ id: 1, status: 'unbilled' }, ZInvoiceStatusChange)).toEqual({ status: 'invalidChoice' });
  });
});

describe('the messages', () => {
  it('every validation key the schemas use is in both languages', () => {
    const keys = [
      'hiddenCharacters',
      'invoiceTitleRequired',
      'recipientRequired',
      'phoneRequired',
      'phoneInvalid',
      'addressRequired',
      'taxpayerIdRequired',
      'taxpayerIdInvalid',
      'taxpayerIdPersonal',
      'trackingRequired',
      'trackingTooLong',
      'tooLong',
      'invalidChoice',
    ];
    for (const key of keys) {
      expect((zh.validation as Record<string, string>)[key], key).toBeTruthy();
      expect((en.validation as Record<string, string>)[key], key).toBeTruthy();
    }
  });
});

describe('the 90-day window and the steps', () => {
  const day = 86_400_000;
  const paidAt = new Date('2026-01-10T08:00:00Z');
  it('is open from payment to 90 days after it, closed after, and not open for an unpaid order', () => {
    expect(invoiceDeadline(paidAt).toISOString()).toBe('2026-04-10T08:00:00.000Z');
    expect(invoiceEligibility({ payStatus: 'success', paidAt }, new Date(paidAt.getTime() + 89 * day))).toBe('open');
    expect(invoiceEligibility({ payStatus: 'success', paidAt }, new Date(paidAt.getTime() + 90 * day))).toBe('open');
    expect(invoiceEligibility({ payStatus: 'success', paidAt }, new Date(paidAt.getTime() + 90 * day + 1))).toBe('closed');
    expect(invoiceEligibility({ payStatus: 'success', paidAt }, new Date(paidAt.getTime() + 91 * day))).toBe('closed');
    expect(invoiceEligibility({ payStatus: 'unpaid', paidAt: null }, paidAt)).toBe('unpaid');
    expect(invoiceEligibility({ payStatus: 'toBeConfirmed', paidAt: null }, paidAt)).toBe('unpaid');
    expect(invoiceEligibility({ payStatus: 'success', paidAt: null }, paidAt)).toBe('unpaid');
  });
  it('moves forward one step at a time', () => {
    expect(nextInvoiceStatus('unbilled')).toBe('toBeInvoiced');
    expect(nextInvoiceStatus('toBeInvoiced')).toBe('invoiced');
    expect(nextInvoiceStatus('invoiced')).toBeNull();
  });
});
