import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session';
import { renderRoutes, signInSuperAdmin } from '../../test/render';
import Widget from './widgets';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('FailedUrls widget', () => {
  const requested: string[] = [];
  beforeEach(() => {
    requested.length = 0;
    signInSuperAdmin();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(String(url));
        return json(200, {
          responseCode: 200,
          totalCount: 2,
          data: [
            { failed_host: 'broken.example', total_metas: 8, host_search_count: 6, frequency: 75 },
            { failed_host: 'slow.example', total_metas: 8, host_search_count: 2, frequency: 25 },
          ],
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the most failing hosts of the range with their share', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Widget id="FailedUrls" title="Failed Urls" start_date="2031-03-01" end_date="2031-03-03" />
          ),
        },
      ],
      '/',
    );
    const first = await screen.findByRole('row', { name: /broken\.example/ });
    expect(first.textContent).toContain('75.00%');
    expect(screen.getByRole('row', { name: /slow\.example/ }).textContent).toContain('2');
    expect(requested[0]).toContain('failed-urls-frequency');
    expect(requested[0]).toContain('start_date=2031-03-01');
    expect(requested[0]).toContain('end_date=2031-03-03');
  });
});
