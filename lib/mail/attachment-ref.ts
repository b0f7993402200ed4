/**
 * What a queued mail attaches, by reference (mail_outbox.attachment): the worker asks the resolver registered for
 * the kind (lib/mail/attachments.ts) for the file when it sends. No bytes in the outbox: a ticket's PDF is a
 * credential, drawn from the live ticket at send time.
 */
export type MailAttachmentRef = { kind: 'ticket'; conferenceId: number; registrationId: number };

export type MailAttachmentKind = MailAttachmentRef['kind'];
