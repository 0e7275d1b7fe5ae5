import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadEnvFile } from './config';
import { REPO_ROOT } from './paths';
import { testTempDir } from './test/temp-dir';

describe('configuration', () => {
  afterEach(() => {
    delete process.env.OPS_TEST_A;
    delete process.env.OPS_TEST_B;
  });

  it('takes DATA_DIR and WEB_DIST from the repository root, whatever the working directory', () => {
    const cwd = process.cwd();
    process.chdir(path.join(REPO_ROOT, 'server'));
    try {
      const config = loadConfig({});
      expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
      expect(config.webDist).toBe(path.join(REPO_ROOT, 'web/dist'));
      expect(loadConfig({ DATA_DIR: '/srv/admin' }).dataDir).toBe('/srv/admin');
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads a .env file, but a variable set in the environment wins', () => {
    const file = path.join(testTempDir('env-'), '.env');
    fs.writeFileSync(file, 'OPS_TEST_A=from-file\nOPS_TEST_B=from-file\n');
    process.env.OPS_TEST_A = 'from-env';
    loadEnvFile(file);
    expect(process.env.OPS_TEST_A).toBe('from-env');
    expect(process.env.OPS_TEST_B).toBe('from-file');
    loadEnvFile(path.join(path.dirname(file), 'missing.env'));
  });

  it('lists bad operational values', () => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: 'soon', METRICS_TOKEN: 'short' })).toThrow(
      /SHUTDOWN_TIMEOUT[\s\S]*METRICS_TOKEN|METRICS_TOKEN[\s\S]*SHUTDOWN_TIMEOUT/,
    );
  });
});
