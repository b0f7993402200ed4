import { describe, expect, it } from 'vitest';
import { mentionLabel, samePerson } from './same-person';

describe('samePerson', () => {
  it('matches by email whatever its case, and then only by email', () => {
    expect(samePerson({ names: ['Li Na'], email: 'LI@example.org ' }, { names: ['Someone'], email: 'li@example.org' })).toBe(true);
    expect(samePerson({ names: ['王伟'], email: 'a@example.org' }, { names: ['王伟'], email: 'b@example.org' })).toBe(false);
  });

  it('matches by a name in either script when an email is missing, in any word order and case', () => {
    expect(samePerson({ names: ['刘静', 'Liu Jing'], email: '' }, { names: ['刘静'], email: 'liu@example.org' })).toBe(true);
    expect(samePerson({ names: ['刘静', 'Liu Jing'], email: '' }, { names: ['jing  LIU'], email: '' })).toBe(true);
    expect(samePerson({ names: ['刘静'], email: '' }, { names: ['刘晶'], email: '' })).toBe(false);
    expect(samePerson({ names: ['', ''], email: '' }, { names: [''], email: '' })).toBe(false);
  });

  it('names the person by the first name given, else the email', () => {
    expect(mentionLabel({ names: ['', 'Liu  Jing'], email: 'x@example.org' })).toBe('Liu Jing');
    expect(mentionLabel({ names: [''], email: ' X@Example.org' })).toBe('x@example.org');
  });
});
