-- hotel_config.mail_template was copied into mail_template_override ('hotelBooking') by 0016 and is read by nothing since.
ALTER TABLE "hotel_config" DROP COLUMN "mail_template";
