import { describe, expect, it } from 'vitest';
import { canVisit } from '../routes';
import { destinationAfterLogin } from './can';

const user = (perms: string[], sup = 0) => ({
  is_sup_admin: sup,
  group_permissions: perms,
  user_permissions: [],
});

describe('post-login destination (spec 01 sections 4 and 6)', () => {
  it('sends a super admin to /', () => {
    expect(destinationAfterLogin(user([], 1), null, canVisit)).toEqual({ path: '/' });
  });

  it('sends others to the first page of the fixed order they hold', () => {
    expect(destinationAfterLogin(user(['users_list']), null, canVisit)).toEqual({ path: '/users' });
    expect(destinationAfterLogin(user(['send_notifications', 'searches']), null, canVisit)).toEqual({
      path: '/searches',
    });
    expect(destinationAfterLogin(user(['get_app_version']), null, canVisit)).toEqual({ path: '/settings' });
    expect(destinationAfterLogin(user(['top_searches', 'users_list']), null, canVisit)).toEqual({
      path: '/',
    });
  });

  it('says so when no page is held', () => {
    expect(destinationAfterLogin(user(['users_list_csv']), null, canVisit)).toEqual({
      path: null,
      message: 'You do not have permission to access any page',
    });
  });

  it('returns to the page asked for only when the user may see it', () => {
    expect(destinationAfterLogin(user(['users_list', 'searches']), '/searches?x=1', canVisit)).toEqual({
      path: '/searches?x=1',
    });
    expect(destinationAfterLogin(user(['users_list']), '/settings', canVisit)).toEqual({ path: '/users' });
    expect(destinationAfterLogin(user(['user_profile', 'users_list']), '/user-profile/7', canVisit)).toEqual({
      path: '/user-profile/7',
    });
  });
});
