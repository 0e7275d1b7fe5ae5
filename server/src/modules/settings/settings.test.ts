import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersionSettings, staticSettings } from '../../db/schema';
import { callApi, calls, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { compareVersions } from './service';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

describe('enrichment settings', () => {
  it('answers defaults before any save, then the saved values (also through GET settings?data_keys)', async () => {
    const staff = await makeUser(env.db, { permissions: ['change_enrichment_settings'] });
    const before = await callApi(env.app, calls.enrichmentSettings, {}, staff.token);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([
      { data_key: 'ENRICHMENT_SERVICE', data: '1', updated_at: null },
      { data_key: 'URL_MAX_RETRY', data: '3', updated_at: null },
    ]);
    const off = await callApi(
      env.app,
      calls.changeEnrichmentSettings,
      { data_key: 'ENRICHMENT_SERVICE', data: 0 },
      staff.token,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      responseMessage: 'Enrichment service turned OFF',
      data: { data_key: 'ENRICHMENT_SERVICE', data: '0' },
    });
    const [row] = await env.db
      .select()
      .from(staticSettings)
      .where(eq(staticSettings.dataKey, 'ENRICHMENT_SERVICE'));
    expect(row).toMatchObject({ data: '0', updatedById: staff.id });

    await callApi(
      env.app,
      calls.changeEnrichmentSettings,
      { data_key: 'URL_MAX_RETRY', data: '5' },
      staff.token,
    );
    const one = await callApi(env.app, calls.enrichmentSettings, { data_keys: 'URL_MAX_RETRY' }, staff.token);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ data_key: 'URL_MAX_RETRY', data: '5' });

    const viaCms = await callApi(
      env.app,
      calls.getSettings,
      { data_keys: 'ENRICHMENT_SERVICE,URL_MAX_RETRY' },
      staff.token,
    );
    expect(viaCms.status).toBe(200);
    expect(viaCms.body.settings).toEqual({ ENRICHMENT_SERVICE: '0', URL_MAX_RETRY: '5' });
  });

  it('refuses unknown keys and bad values, writing nothing', async () => {
    const staff = await makeUser(env.db, { permissions: ['change_enrichment_settings'] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ data_key: 'faq', data: '1' }, /^data_key: must be one of ENRICHMENT_SERVICE, URL_MAX_RETRY/],
      [{ data_key: 'ENRICHMENT_SERVICE', data: '2' }, /^data: must be 1 \(ON\) or 0 \(OFF\)/],
      [{ data_key: 'URL_MAX_RETRY', data: '-1' }, /^data: must be a whole number/],
    ];
    for (const [body, message] of cases) {
      const res = await callApi(env.app, calls.changeEnrichmentSettings, body, staff.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    const badKeys = await callApi(env.app, calls.enrichmentSettings, { data_keys: 'NOPE' }, staff.token);
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.responseMessage).toMatch(/^data_keys: unknown key NOPE/);
    expect(await env.db.select().from(staticSettings).where(eq(staticSettings.dataKey, 'faq'))).toHaveLength(
      0,
    );
  });

  it('needs a session and change_enrichment_settings', async () => {
    expect((await callApi(env.app, calls.enrichmentSettings, {})).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['get_app_version'] });
    expect((await callApi(env.app, calls.enrichmentSettings, {}, other.token)).status).toBe(403);
    expect(
      (
        await callApi(
          env.app,
          calls.changeEnrichmentSettings,
          { data_key: 'ENRICHMENT_SERVICE', data: '1' },
          other.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('app-version rules', () => {
  it('lists both platforms, saves a rule, and the public check applies it below the threshold only', async () => {
    const staff = await makeUser(env.db, { permissions: ['get_app_version'] });
    const empty = await callApi(env.app, calls.appVersionSettings, {}, staff.token);
    expect(empty.body.data.map((r: { device_type: string }) => r.device_type)).toEqual(['android', 'ios']);

    const save = await callApi(
      env.app,
      calls.saveAppVersionSetting,
      { device_type: 'android', app_version: '3.8.0', notify_for_update: 2 },
      staff.token,
    );
    expect(save.status).toBe(200);
    expect(save.body.data).toMatchObject({
      device_type: 'android',
      app_version: '3.8.0',
      notify_for_update: 2,
    });
    const [row] = await env.db
      .select()
      .from(appVersionSettings)
      .where(eq(appVersionSettings.deviceType, 'android'));
    expect(row).toMatchObject({ appVersion: '3.8.0', notifyForUpdate: 2 });

    // saving again replaces the rule
    await callApi(
      env.app,
      calls.saveAppVersionSetting,
      { device_type: 'android', app_version: '3.10.0', notify_for_update: '1' },
      staff.token,
    );
    const list = await callApi(env.app, calls.appVersionSettings, {}, staff.token);
    expect(list.body.data[0]).toMatchObject({
      device_type: 'android',
      app_version: '3.10.0',
      notify_for_update: 1,
    });
    expect(list.body.data[1]).toMatchObject({ device_type: 'ios', app_version: '', notify_for_update: 0 });

    const old = await callApi(env.app, calls.appVersionCheck, {
      device_type: 'android',
      app_version: '3.9.2',
    });
    expect(old.status).toBe(200);
    expect(old.body.data).toEqual({
      device_type: 'android',
      app_version: '3.9.2',
      latest_version: '3.10.0',
      notify_for_update: 1,
    });
    const current = await callApi(env.app, calls.appVersionCheck, {
      device_type: 'android',
      app_version: '3.10',
    });
    expect(current.body.data.notify_for_update).toBe(0);
    const noRule = await callApi(env.app, calls.appVersionCheck, {
      device_type: 'ios',
      app_version: '1.0.0',
    });
    expect(noRule.body.data).toMatchObject({ latest_version: null, notify_for_update: 0 });
  });

  it('refuses bad rules and bad checks with the field named, writing nothing', async () => {
    const staff = await makeUser(env.db, { permissions: ['get_app_version'] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { device_type: 'windows', app_version: '1.0', notify_for_update: 0 },
        /^device_type: must be android or ios/,
      ],
      [
        { device_type: 'ios', app_version: 'latest', notify_for_update: 0 },
        /^app_version: must be a version/,
      ],
      [
        { device_type: 'ios', app_version: '1.0', notify_for_update: 3 },
        /^notify_for_update: must be 0, 1 or 2/,
      ],
      [{ device_type: 'ios', notify_for_update: 1 }, /app_version is required/],
    ];
    for (const [body, message] of cases) {
      const res = await callApi(env.app, calls.saveAppVersionSetting, body, staff.token);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toMatch(message);
    }
    expect(
      await env.db.select().from(appVersionSettings).where(eq(appVersionSettings.deviceType, 'ios')),
    ).toHaveLength(0);
    const check = await callApi(env.app, calls.appVersionCheck, { device_type: 'android' });
    expect(check.status).toBe(400);
  });

  it('needs a session and get_app_version for the rules; the check is public', async () => {
    expect((await callApi(env.app, calls.appVersionSettings, {})).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['change_enrichment_settings'] });
    expect((await callApi(env.app, calls.appVersionSettings, {}, other.token)).status).toBe(403);
    expect(
      (
        await callApi(
          env.app,
          calls.saveAppVersionSetting,
          { device_type: 'ios', app_version: '1.0', notify_for_update: 0 },
          other.token,
        )
      ).status,
    ).toBe(403);
  });

  it('compares versions segment by segment', () => {
    expect(compareVersions('2.10', '2.9')).toBeGreaterThan(0);
    expect(compareVersions('2', '2.0.0')).toBe(0);
    expect(compareVersions('1.2.3', '1.3')).toBeLessThan(0);
  });
});
