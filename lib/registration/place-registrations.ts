import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceRegistration, mailOutbox, registrationConfig } from '@/db/schema';
import { DEFAULT_REGISTER_CAP } from '@/lib/conferences/website-config';
import type { Locale } from '@/lib/i18n/localized';
import { CODE_TOKEN, type RegistrationMail } from './registration-mail';

/** The statements that take places under a conference's cap and write registrations (register-participant.ts). */

export type Answers = Record<string, string | string[]>;

/** A registration's code from its sequence number: the configured prefix (`cfg`) or the slug (`place`), and 4 digits or more. */
function codeOf(seq: SQL) {
  return sql`coalesce(nullif((select code_prefix from cfg), ''), upper(place.slug) || '-') || case when length(${seq}) >= 4 then ${seq} else lpad(${seq}, 4, '0') end`;
}

/**
 * Takes one place under the cap and writes the registration with its number, in ONE statement: the
 * conditional update succeeds only while places are left (and holds the conference row until the
 * statement's transaction ends), the insert takes the code from it (the configured prefix or the
 * slug, and the sequence), and the confirmation mail can be queued in the same statement. Outside a
 * transaction the statement is its own, so the row is held for no longer than the statement runs:
 * that is what lets a rush of registrations through quickly. Returns null when the conference is full.
 */
export async function placeRegistration(
  db: Executor,
  input: { conferenceId: number; userId: string; answers: Answers; locale: Locale; mail?: RegistrationMail },
): Promise<{ id: number; code: string } | null> {
  const mail = input.mail
    ? sql`, mail as (
        insert into ${mailOutbox} (conference_id, template, locale, to_address, subject, text, html)
        select ${input.conferenceId}, ${input.mail.template}, ${input.mail.locale}, ${input.mail.to},
               replace(${input.mail.subject}, ${CODE_TOKEN}, reg.code), replace(${input.mail.text}, ${CODE_TOKEN}, reg.code), replace(${input.mail.html}, ${CODE_TOKEN}, reg.code)
          from reg
        returning id)`
    : sql``;
  const result = await db.execute(sql`
    with place as (
      update ${conference}
         set registered_count = registered_count + 1, registration_seq = registration_seq + 1
       where id = ${input.conferenceId}
         and registered_count < (case when register_flag then register_num else ${DEFAULT_REGISTER_CAP} end)
      returning id, slug, registration_seq
    ), cfg as (
      select code_prefix, rule_version from ${registrationConfig} where conference_id = ${input.conferenceId}
    ), reg as (
      insert into ${conferenceRegistration} (conference_id, user_id, code, answers, version, locale)
      select place.id, ${input.userId},
             ${codeOf(sql`place.registration_seq::text`)},
             ${JSON.stringify(input.answers)}::jsonb,
             coalesce((select rule_version from cfg), 'default'), ${input.locale}
        from place
      returning id, code
    )${mail}
    select id, code from reg`);
  const [row] = (result as unknown as { rows: { id: number; code: string }[] }).rows;
  return row ? { id: Number(row.id), code: row.code } : null;
}

/**
 * Takes places under the cap for several registrations in the order given and writes those that got one, each with its
 * number and its confirmation mail, in ONE statement: the conference row is locked, as many places taken as are left
 * (at most one per registration), the numbers follow on from the sequence in the same order. Returns the codes by
 * account; an account missing got no place (the conference is full). An account registered already makes the whole
 * statement fail with the unique key's violation, writing nothing.
 */
export async function placeRegistrations(
  db: Executor,
  conferenceId: number,
  rows: { userId: string; answers: Answers; locale: Locale; mail: RegistrationMail }[],
): Promise<Map<string, string>> {
  const list = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const result = await db.execute(sql`
    with input as (
      select * from unnest(${list((r) => r.userId)}::text[], ${list((r) => JSON.stringify(r.answers))}::text[], ${list((r) => r.locale)}::text[],
                           ${list((r) => r.mail.template)}::text[], ${list((r) => r.mail.locale)}::text[], ${list((r) => r.mail.to)}::text[],
                           ${list((r) => r.mail.subject)}::text[], ${list((r) => r.mail.text)}::text[], ${list((r) => r.mail.html)}::text[])
        with ordinality as i(user_id, answers, locale, template, mail_locale, to_address, subject, text, html, ord)
    ), cur as (
      select id, greatest(0, least(${rows.length}, (case when register_flag then register_num else ${DEFAULT_REGISTER_CAP} end) - registered_count)) as taken
        from ${conference} where id = ${conferenceId}
         for update
    ), place as (
      update ${conference} c
         set registered_count = c.registered_count + cur.taken, registration_seq = c.registration_seq + cur.taken
        from cur
       where c.id = cur.id and cur.taken > 0
      returning c.id, c.slug, c.registration_seq - cur.taken as first_seq, cur.taken
    ), cfg as (
      select code_prefix, rule_version from ${registrationConfig} where conference_id = ${conferenceId}
    ), reg as (
      insert into ${conferenceRegistration} (conference_id, user_id, code, answers, version, locale)
      select place.id, input.user_id,
             ${codeOf(sql`(place.first_seq + input.ord)::text`)},
             input.answers::jsonb, coalesce((select rule_version from cfg), 'default'), input.locale
        from place join input on input.ord <= place.taken
      returning id, user_id, code
    ), mail as (
      insert into ${mailOutbox} (conference_id, template, locale, to_address, subject, text, html)
      select ${conferenceId}, input.template, input.mail_locale, input.to_address,
             replace(input.subject, ${CODE_TOKEN}, reg.code), replace(input.text, ${CODE_TOKEN}, reg.code), replace(input.html, ${CODE_TOKEN}, reg.code)
        from reg join input on input.user_id = reg.user_id
      returning id
    )
    select user_id, code from reg`);
  const placed = (result as unknown as { rows: { user_id: string; code: string }[] }).rows;
  return new Map(placed.map((r) => [r.user_id, r.code]));
}
