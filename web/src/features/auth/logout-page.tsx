import { TEXTS } from '@admin/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { calls } from '../../api/calls';
import { apiCall } from '../../api/client';
import { forgetDrafts } from '../../auth/drafts';
import { sessionStore } from '../../auth/session';
import { paths } from '../../paths';
import { PageLoader } from '../../ui/page-loader';
import type { LoginNotice } from './login-page';

/** Revokes the token, clears the session and says so on the login page. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const finish = () => {
      sessionStore.clear();
      sessionStore.setReturnTo(null);
      // Signing out on purpose leaves nothing for the next sign-in to restore.
      forgetDrafts();
      queryClient.clear();
      navigate(paths.login, {
        replace: true,
        state: { notice: { color: 'green', text: TEXTS.loggedOut } } satisfies LoginNotice,
      });
    };
    if (sessionStore.token()) {
      apiCall(calls.logout, {})
        .catch(() => undefined)
        .finally(finish);
    } else {
      finish();
    }
  }, [navigate, queryClient]);

  return <PageLoader />;
}
