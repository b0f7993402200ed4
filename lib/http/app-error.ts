/**
 * The one error table: every error code the API answers, with its message key (under `errors` in
 * messages/*.json, so the caller reads it in their language) and its HTTP status. A throw names
 * only the code (`throw new AppError('FEE_FULL')`); API clients rely on the codes, never on the text.
 */
export const ERROR_TABLE = {
  ALREADY_CLOSED: { message: 'alreadyClosed', status: 409 },
  ALREADY_MANAGER: { message: 'alreadyManager', status: 409 },
  ALREADY_PUBLISHED: { message: 'alreadyPublished', status: 409 },
  ALREADY_REGISTERED: { message: 'alreadyRegistered', status: 409 },
  ALREADY_REQUESTED: { message: 'publicationPending', status: 409 },
  APPEARANCE_IN_USE: { message: 'lookInUse', status: 409 },
  APPEARANCE_NOT_FOUND: { message: 'appearanceNotFound', status: 404 },
  BANNER_TOO_LARGE: { message: 'bannerTooLarge', status: 413 },
  BILL_NOT_AWAITING: { message: 'billNotAwaiting', status: 409 },
  BILL_NOT_FOUND: { message: 'billNotFound', status: 404 },
  BODY_TOO_LARGE: { message: 'bodyTooLarge', status: 413 },
  BUSY: { message: 'busy', status: 503 },
  CHOOSE_REGISTER_FEE: { message: 'chooseRegisterFee', status: 400 },
  CODE_EXPIRED: { message: 'codeExpired', status: 400 },
  CODE_WRONG: { message: 'codeWrong', status: 400 },
  CURRENCY_MIXED: { message: 'currencyMixed', status: 400 },
  DOMAIN_NOT_PENDING: { message: 'domainNotPending', status: 409 },
  DOMAIN_RESERVED: { message: 'domainReserved', status: 400 },
  DOMAIN_TAKEN: { message: 'domainTaken', status: 409 },
  EMAIL_MISMATCH: { message: 'emailMismatch', status: 400 },
  EXCEPTION_NOT_FOUND: { message: 'exceptionNotFound', status: 404 },
  FEE_CAP_BELOW_USED: { message: 'feeCapBelowUsed', status: 400 },
  FEE_FULL: { message: 'feeFull', status: 409 },
  FEE_KIND_LOCKED: { message: 'orderKindMismatch', status: 400 },
  FEE_NOT_FOUND: { message: 'feeNotFound', status: 404 },
  FEE_TAKEN: { message: 'feeTaken', status: 409 },
  FEE_UNAVAILABLE: { message: 'feeUnavailable', status: 409 },
  FIELD_LOCKED: { message: 'fieldLocked', status: 400 },
  FIELD_NOT_DELETABLE: { message: 'fieldNotDeletable', status: 400 },
  FIELD_NOT_FOUND: { message: 'fieldNotFound', status: 404 },
  FILE_NOT_FOUND: { message: 'fileNotFound', status: 404 },
  FORBIDDEN: { message: 'forbidden', status: 403 },
  HOME_PAGE_INVALID: { message: 'homePageInvalid', status: 400 },
  INTERNAL: { message: 'internal', status: 500 },
  INVALID_INPUT: { message: 'invalidInput', status: 400 },
  INVOICE_EXISTS: { message: 'invoiceExists', status: 409 },
  INVOICE_NOT_FOUND: { message: 'invoiceNotFound', status: 404 },
  INVOICE_ORDER_UNPAID: { message: 'invoiceOrderUnpaid', status: 409 },
  INVOICE_STATUS_CHANGED: { message: 'invoiceStatusChanged', status: 409 },
  INVOICE_WINDOW_CLOSED: { message: 'invoiceWindowClosed', status: 409 },
  LAST_MANAGER: { message: 'lastManager', status: 409 },
  LOGIN_ERROR: { message: 'loginError', status: 401 },
  LOGIN_LOCKED: { message: 'loginLocked', status: 429 },
  LOGOUT_FAILED: { message: 'logoutFailed', status: 400 },
  MENU_HAS_CHILDREN: { message: 'menuHasChildren', status: 409 },
  MENU_NOT_FOUND: { message: 'menuNotFound', status: 404 },
  MENU_PAGE_INVALID: { message: 'menuPageInvalid', status: 400 },
  MENU_PARENT_INVALID: { message: 'menuParentInvalid', status: 400 },
  MOBILE_PAGE_INVALID: { message: 'mobilePageInvalid', status: 400 },
  MOBILE_TEMPLATE_INVALID: { message: 'mobileTemplateInvalid', status: 400 },
  MODULE_OFF: { message: 'registerModuleOff', status: 403 },
  NAME_MISMATCH: { message: 'nameMismatch', status: 400 },
  NOT_FOUND: { message: 'notFound', status: 404 },
  NOT_PLATFORM_USER: { message: 'notPlatformUser', status: 404 },
  NOT_PUBLISHED: { message: 'notPublished', status: 409 },
  NOT_REGISTERED: { message: 'notRegistered', status: 403 },
  NO_CONFERENCE: { message: 'noConference', status: 404 },
  NO_PAYMENT_METHOD: { message: 'noPaymentMethod', status: 409 },
  ORDER_AWAITING: { message: 'orderAwaiting', status: 409 },
  ORDER_CANCELLED: { message: 'orderCancelled', status: 409 },
  ORDER_EXPIRED: { message: 'orderExpired', status: 409 },
  ORDER_NOT_CHANGEABLE: { message: 'orderNotChangeable', status: 409 },
  ORDER_NOT_FOUND: { message: 'orderNotFound', status: 404 },
  ORDER_NOT_PAYABLE: { message: 'orderNotPayable', status: 409 },
  ORDER_PAID: { message: 'orderPaid', status: 409 },
  PAGE_NOT_FOUND: { message: 'pageNotFound', status: 404 },
  PASSWORD_WEAK: { message: 'validation.passwordWeak', status: 400 },
  PAYMENT_METHOD_INCOMPLETE: { message: 'paymentMethodIncomplete', status: 400 },
  PAYMENT_METHOD_UNAVAILABLE: { message: 'paymentMethodUnavailable', status: 409 },
  PAYMENT_MISMATCH: { message: 'paymentMismatch', status: 400 },
  PAYMENT_PROVIDER_FAILED: { message: 'paymentProviderFailed', status: 502 },
  PAYMENT_SIGNATURE: { message: 'paymentSignature', status: 400 },
  PICTURE_TOO_LARGE: { message: 'pictureTooLarge', status: 413 },
  QUANTITY_INVALID: { message: 'feeUnavailable', status: 400 },
  RATE_LIMITED: { message: 'rateLimited', status: 429 },
  REFUND_NOT_ALLOWED: { message: 'refundNotAllowed', status: 409 },
  REFUND_TOO_LARGE: { message: 'refundTooLarge', status: 400 },
  REGISTRANT_NOT_FOUND: { message: 'registrantNotFound', status: 404 },
  REGISTRATION_CLOSED: { message: 'registrationClosed', status: 403 },
  REGISTRATION_FULL: { message: 'registrationFull', status: 409 },
  REQUEST_DECIDED: { message: 'requestDecided', status: 409 },
  RESEND_TOO_SOON: { message: 'resendTooSoon', status: 429 },
  SLIP_TOO_LARGE: { message: 'slipTooLarge', status: 413 },
  SLUG_TAKEN: { message: 'slugTaken', status: 409 },
  TEMPLATE_INVALID: { message: 'appearanceTemplateInvalid', status: 400 },
  TEMPLATE_IN_USE: { message: 'templateInUse', status: 409 },
  TEMPLATE_KIND_IN_USE: { message: 'templateKindInUse', status: 409 },
  TEMPLATE_NOT_FOUND: { message: 'templateNotFound', status: 404 },
  THUMBNAIL_TOO_LARGE: { message: 'thumbnailTooLarge', status: 413 },
  UNAUTHENTICATED: { message: 'sessionExpired', status: 401 },
  UNPUBLISHED: { message: 'unpublished', status: 403 },
  UPLOAD_EMPTY: { message: 'uploadEmpty', status: 400 },
  UPLOAD_MISSING: { message: 'uploadMissing', status: 400 },
  UPLOAD_TOO_LARGE: { message: 'uploadTooLarge', status: 413 },
  UPLOAD_TYPE: { message: 'uploadType', status: 415 },
  USER_EXISTS: { message: 'userExists', status: 409 },
  USER_NOT_EXIST: { message: 'userNotExist', status: 404 },
  VERSION_IN_USE: { message: 'versionInUse', status: 409 },
  VERSION_NOT_FOUND: { message: 'versionNotFound', status: 404 },
} as const satisfies Record<string, { message: string; status: number }>;

export type ErrorCode = keyof typeof ERROR_TABLE;
type Values = Record<string, string | number>;

/** The one error type: an expected failure the caller is told about in their language. */
export class AppError extends Error {
  readonly messageKey: string;
  readonly status: number;

  /**
   * `values` fill the message's placeholders; `detail` (a key under `errors`, e.g. one of
   * `validation.*`) says more precisely what was wrong than the code's own message.
   */
  constructor(
    readonly code: ErrorCode,
    readonly values?: Values,
    detail?: string,
  ) {
    const entry = ERROR_TABLE[code];
    super(`${code}: ${detail ?? entry.message}`);
    this.name = 'AppError';
    this.messageKey = detail ?? entry.message;
    this.status = entry.status;
  }
}
