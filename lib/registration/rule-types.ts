import { z } from 'zod';

/** Registration rule types of spec §3: register then pay, submit then pay, pay then submit. */
export const RULE_TYPES = ['REGISTER_FIRST_AND_PAY_LATER', 'SUBMIT_FIRST_AND_PAY_LATER', 'PAY_FIRST_AND_SUBMIT_LATER'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** A rule's registration-code prefix (letters, digits, `_` and `-`, up to 12), empty by default. */
export const ZCodePrefix = z
  .string()
  .trim()
  .max(12, 'tooLong')
  .regex(/^[A-Za-z0-9_-]*$/, 'codePrefixInvalid')
  .default('');
