import { describe, expect, it } from 'vitest';
import { personalInformation } from './personal-information';

const valueOf = (rows: ReturnType<typeof personalInformation>) => Object.fromEntries(rows.map((r) => [r.field, r.value]));

describe('personalInformation', () => {
  it('shows the phone, organisation and country the registration holds when the profile lacks them', () => {
    const rows = valueOf(personalInformation(null, { telephone: '13800000000', unit: '中国科学院', country: 'CN', name: '张三' }, 'zh'));
    expect(rows).toMatchObject({ phone: '13800000000', unit: '中国科学院', countryArea: '中国' });
    expect(valueOf(personalInformation(null, { country: 'DE' }, 'en')).countryArea).toBe('Germany');
  });

  it('keeps what the profile holds, and leaves empty what neither holds', () => {
    const rows = valueOf(
      personalInformation(
        { phone: '+49 30 1234', unit: 'TU Berlin', countryArea: 'Deutschland' },
        { telephone: '1', unit: 'x', country: 'CN' },
        'en',
      ),
    );
    expect(rows).toMatchObject({ phone: '+49 30 1234', unit: 'TU Berlin', countryArea: 'Deutschland', post: '', address: '' });
  });

  it('lists the middle name only where one was given', () => {
    expect(personalInformation({ middleName: '' }, null, 'en').map((r) => r.field)).not.toContain('middleName');
    expect(valueOf(personalInformation({ middleName: 'Maria' }, null, 'en')).middleName).toBe('Maria');
  });
});
