/** Registration rule types of spec §3: register then pay, submit then pay, pay then submit. */
export const RULE_TYPES = ['REGISTER_FIRST_AND_PAY_LATER', 'SUBMIT_FIRST_AND_PAY_LATER', 'PAY_FIRST_AND_SUBMIT_LATER'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
