import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertStrict } from './notify';

describe('alertStrict (spec 01 section 8: profile update, add user, app password, auto-follow, advertise)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a success only with a responseMessage and responseCode 200 or 201', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    expect(alertStrict({ responseCode: 200, responseMessage: 'Profile has been updated successfully' })).toBe(
      true,
    );
    expect(alertStrict({ responseCode: 201, responseMessage: 'Created' })).toBe(true);
    expect(show.mock.calls.map(([n]) => n.color)).toEqual(['green', 'green']);
    expect(show.mock.calls[0][0].message).toBe('Profile has been updated successfully');
  });

  it('is a danger alert without a message or with another code', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    expect(alertStrict({ responseCode: 200 })).toBe(false);
    expect(alertStrict({ responseCode: 204, responseMessage: 'No content' })).toBe(false);
    expect(alertStrict(null)).toBe(false);
    expect(show.mock.calls.map(([n]) => n.color)).toEqual(['red', 'red', 'red']);
    expect(show.mock.calls[0][0].message).toBe('Server Error');
  });
});
