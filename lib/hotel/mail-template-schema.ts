/**
 * The hotel booking mail template's form: the conference mail template form of lib/mail (the hotel
 * editor and /platform/config/email edit the same override, `hotelBooking`).
 */
export {
  fillPlaceholders,
  isEmptyTemplate,
  MAIL_BODY_MAX as HOTEL_MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX as HOTEL_MAIL_SUBJECT_MAX,
  mailTemplateSchema as hotelMailTemplateSchema,
  placeholdersIn,
  unknownPlaceholders,
  type MailTemplateInput as HotelMailTemplateInput,
} from '@/lib/mail/template-schema';
